"""Placeholder entry point for the `hexwar` command; the real client replaces this file."""


def main() -> int:
    print("hexwar client not built yet")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
