"""Search: the tuned index, the players' words and the search worker (Python, browser modules, styles)."""
