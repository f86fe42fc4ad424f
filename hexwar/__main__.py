"""`python -m hexwar` starts the client, the same as the `hexwar` command."""
import sys


def main() -> int | None:
    from hexwar.ui.app import main as app_main  # imported here: pulls in pygame

    return app_main()


if __name__ == "__main__":
    sys.exit(main())
