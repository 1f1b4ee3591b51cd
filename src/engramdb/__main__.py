"""``python -m engramdb``: the command line."""

from engramdb.cli import main

if __name__ == "__main__":
    main()
