"""sudokit: a Sudoku toolkit at native speed.

Solve, count, check, explain and grade (HoDoKu level and score, Sudoku
Explainer ratings), generate reproducibly, and run the classic search
algorithms with their trace and search tree. Every answer is the object the
``sudokit`` command line prints with ``--format json``. Every call releases
the GIL; list calls use every core, and the long calls stop on Ctrl-C
(``KeyboardInterrupt``).

>>> import sudokit
>>> p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
>>> sudokit.solve(p)
'417369825632158947958724316825437169791586432346912758289643571573291684164875293'
>>> sudokit.count_solutions([p, "." * 81], limit=3)
[1, 3]
"""

from ._sudokit import (
    __version__,
    check,
    count_solutions,
    explain,
    generate,
    grade,
    hint,
    is_unique,
    solve,
    techniques,
    trace,
)

__all__ = [
    "__version__",
    "check",
    "count_solutions",
    "explain",
    "generate",
    "grade",
    "hint",
    "is_unique",
    "solve",
    "techniques",
    "trace",
]
