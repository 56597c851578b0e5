"""The Discord game master: everything that touches Discord, storage, time and processes."""
