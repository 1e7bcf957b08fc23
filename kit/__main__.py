from kit.cli import main

# Guarded: a cluster's worker processes start by importing the main module again.
if __name__ == "__main__":
    main()
