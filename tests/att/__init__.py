"""Rules tests for Ancient Terrible Things."""
