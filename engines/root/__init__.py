"""Root on the Wastelands (reference root.md): Marquise de Cat and Eyrie Dynasties."""
