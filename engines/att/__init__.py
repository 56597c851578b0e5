"""Ancient Terrible Things: the pure rules engine (shared/reference/ancient-terrible-things.md)."""
