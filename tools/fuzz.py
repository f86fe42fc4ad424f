"""`make fuzz`: see hexwar/fuzz.py."""
import sys

from hexwar.fuzz import main

if __name__ == "__main__":
    sys.exit(main())
