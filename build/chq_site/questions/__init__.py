"""The two questions after the odds on a calculator's page: "What do I need?" and "How lucky was that?" (Python and browser modules)."""
