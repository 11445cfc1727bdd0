"""The engine: the Pyodide runtime, the calculators wheel and the memory snapshot (Python and browser modules)."""
