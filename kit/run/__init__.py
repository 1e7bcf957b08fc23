"""What every long command shares while it runs: the progress bar on a terminal, and output
files written all or nothing."""
