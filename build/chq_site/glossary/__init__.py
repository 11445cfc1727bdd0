"""The glossary: links from game terms to their definitions (Python, browser module, styles)."""
