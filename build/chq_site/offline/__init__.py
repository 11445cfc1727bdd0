"""The offline copy: the service worker, the web app manifest and the gzip copies (Python, browser module, styles)."""
