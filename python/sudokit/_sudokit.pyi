"""Type stubs of the extension module (re-exported by ``sudokit``).

Every call releases the GIL; the long ones (list calls, ``count_solutions``
with a limit above 10 000, ``generate``, ``trace``) also stop on Ctrl-C
with ``KeyboardInterrupt``. Integer arguments below their range raise
ValueError naming them (``n must be 0 or more, got -1``).
"""

from typing import Any, Optional, Union, overload

# numpy is optional at run time; a type checker without it sees these as
# missing imports (silenced in an installed package) and the array overloads
# as Any. No try/except: a stub is not run, and mypy would see both branches.
import numpy as _np
import numpy.typing as _npt

_U8Array = _npt.NDArray[_np.uint8]
_I64Array = _npt.NDArray[_np.int64]

# A list (or tuple) of puzzle strings. Not Sequence[str]: a str is one too,
# and a str is one puzzle.
_Puzzles = Union[list[str], tuple[str, ...]]

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

__version__: str

@overload
def solve(puzzle: str) -> Optional[str]:
    """The solution as an 81-character string, or None when there is none.

    A list (or tuple) gives a list (None for a bad puzzle); a uint8 array
    of shape (n, 81), 0 for empty cells, gives an (n, 81) array with rows
    of zeros where there is no solution (givens that break the rules, or a
    cell above 9). Raises ValueError for a bad puzzle string with the CLI's
    message, e.g. ``r1c1 and r1c5 both hold 5``, for a str that is not
    valid text (a lone surrogate) and for a player's position (placed
    digits, pencil marks), which only ``explain``, ``hint`` and ``grade``
    take; TypeError for an argument that is none of the three, naming what
    came (an int64 array or one of 80 columns names its dtype and shape, a
    list its first item that is not a str).
    """

@overload
def solve(puzzle: _Puzzles) -> list[Optional[str]]: ...
@overload
def solve(puzzle: _U8Array) -> _U8Array: ...
@overload
def count_solutions(puzzles: str, limit: int = 2) -> int:
    """Solutions counted up to ``limit`` (2: the uniqueness check; at least 1).

    A list gives a list (None for a bad puzzle), counted on all cores
    without the GIL; an (n, 81) uint8 array gives an int64 array (-1 for
    givens that break the rules or a cell above 9). Raises ValueError for
    ``limit`` below 1 (``limit must be at least 1, got 0``) and TypeError
    for an argument of another type, as ``solve`` does. A limit above
    10 000 is counted so that Ctrl-C can stop it.
    """

@overload
def count_solutions(puzzles: _Puzzles, limit: int = 2) -> list[Optional[int]]: ...
@overload
def count_solutions(puzzles: _U8Array, limit: int = 2) -> _I64Array: ...
def is_unique(puzzle: str) -> bool:
    """Whether the puzzle has exactly one solution."""

def check(puzzle: str, minimal: bool = False) -> dict[str, Any]:
    """The ``check`` command's object: status (unique, multiple, none,
    invalid), clues, digits, reason; with ``minimal`` whether every clue is
    needed and which one is not."""

def explain(puzzle: str, techniques: Optional[str] = None, lang: str = "en") -> dict[str, Any]:
    """The ``explain --format json`` object: the grade, status and steps.

    ``puzzle`` may be a player's position in a pencil-mark format (729
    characters, a pencil-mark grid, a HoDoKu library line, SimpleSudoku's
    three grids): the solution path then goes on from its placed digits and
    marks, and a position with mistakes gives ``"status": "mistakes"``.
    ``techniques`` is a comma-separated list as ``--techniques`` takes it
    (``"+kraken-fish,+death-blossom"``: the default set with those switched
    on, as HoDoKu's preferences do); ``lang`` is ``en`` or ``es``.
    """

def hint(
    puzzle: str, techniques: Optional[str] = None, lang: str = "en", all: bool = False
) -> dict[str, Any]:
    """The ``hint --format json`` object (the next step), or with ``all``
    the ``hint --all`` object (every step at the position). A player's
    position (see ``explain``) is answered from its digits and marks,
    mistakes first."""

@overload
def grade(
    puzzles: str, techniques: Optional[str] = None, lang: str = "en", steps: bool = True
) -> dict[str, Any]:
    """The ``grade --format json`` object: HoDoKu level and score, SE
    rating (se_er, se_ep, se_ed), hardest technique, steps.

    A player's position (see ``explain``) is graded on what is left. A list
    is graded on all cores; a bad puzzle of a list gives the CLI's error
    object in its place: ``{"puzzle": LINE, "status": "invalid", "error":
    ...}``, the puzzle null for text that cannot be read. A bad puzzle
    string raises ValueError with that error. ``steps=False`` leaves the
    steps out. Arrays are refused (TypeError).
    """

@overload
def grade(
    puzzles: _Puzzles, techniques: Optional[str] = None, lang: str = "en", steps: bool = True
) -> list[dict[str, Any]]: ...
def generate(
    n: int = 1,
    level: Optional[str] = None,
    technique: Optional[str] = None,
    symmetry: str = "rotate180",
    minimal: bool = False,
    seed: Optional[int] = None,
    clues: Optional[int] = None,
    rating: Optional[str] = None,
    timeout: float = 60.0,
) -> list[str]:
    """``n`` puzzles as ``sudokit generate`` makes them: puzzle i comes from
    seed ``seed + i``, so a seed gives exactly the CLI's puzzles. ``rating``
    is an SE range such as ``"6.5..7.5"``. ``n``, ``seed`` (below 2**64)
    and ``clues`` are 0 or more; ``timeout`` is more than 0 and at most 1e9
    seconds, as the CLI's ``--timeout``. Raises ValueError for impossible
    targets or when ``timeout`` seconds pass for one puzzle.
    """

def trace(
    puzzle: str,
    algorithm: str = "deepening",
    select: Optional[str] = None,
    techniques: Optional[str] = None,
    seed: Optional[int] = None,
    limit: Optional[int] = 1,
    max_iterations: Optional[int] = None,
    max_nodes: int = 2000,
    lang: str = "es",
) -> dict[str, Any]:
    """A run of backtracking, branch-and-bound or deepening.

    The keys of ``sudokit trace --format json``, with its values: puzzle,
    solutions, status (solved, unsolvable, stopped), stop, stats, and for
    deepening the iteration ``trace`` (the text of ``sudokit trace``).
    Python's own: algorithm, found, and for deepening the search tree's
    ``nodes`` (id, parent, depth, iteration, cell, digit, verdict, kind,
    label) and its ``svg``.

    ``select``, ``seed`` and ``techniques`` apply only to deepening
    (ValueError otherwise, as the CLI's). ``limit`` is at least 1, or None
    for every solution (the CLI's ``--all``): ``found`` counts them all,
    ``solutions`` keeps the first 100 000 and ``trace`` its first 32 MiB (a
    line says how many steps were left out). ``max_nodes`` is 1 to 100 000,
    as ``--max-nodes``. Givens that break the rules raise ValueError.
    """

def techniques(lang: str = "en") -> list[dict[str, Any]]:
    """Every technique of the table: name, family, HoDoKu level and score,
    SE rating, default, available, summary."""
