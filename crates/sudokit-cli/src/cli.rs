//! Command-line definitions (clap derive): the subcommands and their flags.

use clap::{Args, Parser, Subcommand, ValueEnum};

const EXAMPLES: &str = "\
Examples:
  sudokit solve examples/puzzles.txt            one solution per line
  sudokit solve --format grid puzzles.txt       9x9 grids
  sudokit solve --all PUZZLE                    every solution of a puzzle given inline
  cat puzzles.txt | sudokit count --limit 10    solution counts, `10+` when 10 or more
  sudokit check --minimal puzzles.txt           unique / multiple / none / invalid
  sudokit trace --lang en --select min PUZZLE   the iteration trace of deepening backtracking
  sudokit trace --tree svg PUZZLE > tree.svg    the search tree as a picture
  sudokit bench tests/data/*.txt                µs per puzzle, puzzles/s, guesses, verified
  sudokit explain --lang es PUZZLE              a human-style solution, step by step
  sudokit hint PUZZLE                           only the next step
  sudokit grade puzzles.txt                     level, score, rating, hardest technique
  sudokit generate -n 10 --level hard --seed 7  ten hard puzzles, the same on every run
  sudokit techniques                            every technique name, level, score, rating
  sudokit print --per-page 4 puzzles.txt -o book.svg   puzzles as SVG pages to print

Input: positional arguments are files; `-` or no argument reads standard input; an argument that
is not an existing file but reads as a puzzle is the puzzle itself. Line format (81 cells, `.` or
`0` for empty, text after the 81st cell is a comment), block format (9 rows of 9) and, with
`--input-format json` or when the input starts with `[` or `{`, JSON.

Output: in line format, output line N answers input puzzle N; a bad puzzle gives an empty line
on stdout and `FILE:LINE: REASON` on stderr. Results keep input order on any number of threads.

Exit status: 0 all went well; 1 some puzzle was invalid, unsolvable or failed a check;
2 usage or I/O error.";

/// The `sudokit` command line.
#[derive(Debug, Parser)]
#[command(
    name = "sudokit",
    version,
    about = "Sudoku toolkit: solve, count, check, trace, explain, grade, print and benchmark puzzles",
    long_about = "Sudoku toolkit: solve, count and check puzzles with a fast engine or the \
                  classic algorithms (backtracking, branch and bound, backtracking with \
                  deepening), and trace the classic searches iteration by iteration.",
    after_help = EXAMPLES,
    propagate_version = true
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the solution of each puzzle (or several with --limit / --all).
    #[command(after_help = SOLVE_HELP)]
    Solve(SolveArgs),
    /// Print the number of solutions of each puzzle, up to a limit.
    #[command(after_help = COUNT_HELP)]
    Count(CountArgs),
    /// Say whether each puzzle is unique, multiple, none or invalid (and minimal).
    #[command(after_help = CHECK_HELP)]
    Check(CheckArgs),
    /// Print the iteration trace (or search tree) of backtracking with deepening.
    #[command(after_help = TRACE_HELP)]
    Trace(TraceArgs),
    /// Time the solver on puzzle files: µs per puzzle, puzzles per second, guesses, verified.
    #[command(after_help = BENCH_HELP)]
    Bench(BenchArgs),
    /// Print the numbered steps of a human-style solution, in English or Spanish.
    #[command(after_help = EXPLAIN_HELP)]
    Explain(HumanArgs),
    /// Print only the next human-style step for each grid as given.
    #[command(after_help = HINT_HELP)]
    Hint(HintArgs),
    /// Print the difficulty of each puzzle: level, score, rating, hardest technique.
    #[command(after_help = GRADE_HELP)]
    Grade(GradeArgs),
    /// Generate unique puzzles: symmetric, minimal, of a level, with a technique, few clues.
    #[command(after_help = GENERATE_HELP)]
    Generate(GenerateArgs),
    /// List every technique and group name: family, HoDoKu level and score, SE rating, summary.
    #[command(after_help = TECHNIQUES_HELP)]
    Techniques(TechniquesArgs),
    /// Draw puzzles as SVG pages to print (n per page, solutions, pencil marks), or a step.
    #[command(after_help = PRINT_HELP)]
    Print(PrintArgs),
}

const PRINT_HELP: &str = "\
Pages are A4 (or --paper letter) portrait, one self-contained SVG document each, sized in
millimetres: open one in a browser and print it at 100 %. Each board has its number above it
(with --grade its level, score and rating) and the puzzle in line form under it. Givens are bold
black; solution digits blue.

--solution follows each page of puzzles with a page of their solutions, laid out the same way, so
that the output streams (pages are written as they fill; only one page of puzzles is held).

--step N draws step N of the solution path `explain` prints (1 is the hint) as a picture: the
position before the step with its pencil marks, the step's placements (green), eliminations (red,
struck through), houses, cells and fins shaded, chains as arrows (strong links solid, weak
dashed), and the step's text under it (--lang). `--step hint` is step 1; `--step x-wing` (a
technique or group name) draws the first step of that technique. One picture per puzzle.

Where the pages go: standard output by default, one document after another (one page is one
valid SVG file). With -o FILE, one page is written to FILE; a second page renames it FILE-1.svg
and goes on with FILE-2.svg, FILE-3.svg, ... (before FILE's extension). With -o DIR (an existing
folder, or a name ending in `/`), the pages are DIR/page-1.svg, DIR/page-2.svg, ... A FILE that
is a device, a pipe or a symbolic link (/dev/null, a FIFO, /dev/stdout) takes every page in turn,
as standard output does.

A bad puzzle (unreadable, clashing givens, no solution or several) gets `FILE:LINE: REASON` on
stderr and is left out; the others are printed, and the exit status is 1.

Examples:
  sudokit print PUZZLE > puzzle.svg                 one large board
  sudokit print --per-page 4 --solution puzzles.txt -o book.svg
  sudokit print --per-page 6 --grade --candidates puzzles.txt -o pages/
  sudokit print --step 17 --lang es PUZZLE > step.svg
  sudokit print --step x-wing PUZZLE > x-wing.svg";

/// Paper sizes of `print`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PaperArg {
    /// ISO A4, 210 x 297 mm.
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

/// Which step `print --step` draws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepPick {
    /// Step N of the solution path, from 1.
    Number(usize),
    /// The first step of one of these techniques.
    Technique(String, Vec<sudokit::logic::Technique>),
}

fn parse_step(s: &str) -> Result<StepPick, String> {
    let s = s.trim();
    if s.eq_ignore_ascii_case("hint") {
        return Ok(StepPick::Number(1));
    }
    if s.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+') {
        return match s.parse::<usize>() {
            Ok(0) => Err("steps are numbered from 1".into()),
            Ok(n) => Ok(StepPick::Number(n)),
            Err(e) => Err(e.to_string()),
        };
    }
    sudokit::logic::parse_techniques(s)
        .map(|list| StepPick::Technique(s.to_string(), list))
        .map_err(crate::commands::techniques::with_hint)
}

/// `sudokit print`.
#[derive(Debug, Args)]
pub struct PrintArgs {
    /// Boards per page, 1 to 36: 1 one large board, 2 one above the other, 4 two by two, 6 two
    /// columns of three.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=sudokit::draw::MAX_PER_PAGE as i64),
          conflicts_with = "step")]
    pub per_page: u16,
    /// Follow each page of puzzles with a page of their solutions.
    #[arg(long, conflicts_with = "step")]
    pub solution: bool,
    /// Pencil marks of the start position in every empty cell.
    #[arg(long)]
    pub candidates: bool,
    /// Add the level, score and rating (as `grade` gives them) above each board.
    #[arg(long, conflicts_with = "step")]
    pub grade: bool,
    /// Draw a step of the solution path instead of the puzzle: N (1 is the hint), `hint`, or a
    /// technique or group name (its first step).
    #[arg(long, value_name = "N|hint|TECHNIQUE", value_parser = parse_step)]
    pub step: Option<StepPick>,
    /// Language of a step's text and of the page headings.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    pub lang: Lang,
    /// Comma-separated techniques the solution path (--step) and the grade (--grade) may use, or
    /// `+NAME,...` for the default set with those switched on [default: the default set].
    #[arg(long, value_name = "LIST")]
    pub techniques: Option<String>,
    /// Paper size.
    #[arg(long, value_enum, default_value_t = PaperArg::A4)]
    pub paper: PaperArg,
    /// Write the pages to FILE (a second page makes FILE-1.svg, FILE-2.svg, ...) or into a
    /// folder DIR/ (page-1.svg, ...); `-` is standard output, the default.
    #[arg(short, long, value_name = "FILE|DIR")]
    pub output: Option<std::path::PathBuf>,
    /// Puzzle files; `-` or none reads standard input; a puzzle may also be given directly.
    #[arg(value_name = "FILE|PUZZLE")]
    pub inputs: Vec<String>,
    /// A puzzle given on the command line, read before the files; for puzzles that start
    /// with `-` (or pass them after `--`). May be repeated.
    #[arg(long = "puzzle", value_name = "PUZZLE", allow_hyphen_values = true)]
    pub puzzles: Vec<String>,
    /// Input format: `auto` reads line and block formats, and JSON when the input starts with
    /// `[` or `{`; `line` never reads JSON; `json` always does.
    #[arg(long, value_enum, default_value_t = InputFormat::Auto, value_name = "FORMAT")]
    pub input_format: InputFormat,
}

const TECHNIQUES_HELP: &str = "\
Columns: the name (as in --techniques and --technique), the family, HoDoKu's level and base
score (added once per step), Sudoku Explainer's rating of the plain technique (`~`: an
approximation for a technique SE does not have; grading adjusts hidden singles, direct
variants, chain lengths) and what the technique does. The techniques come first, then the
groups (a group stands for its members; its columns give the members' range). Three of
SE's names (forcing-y-chain, contradiction-forcing-chains, double-forcing-chains) are listed
for their ratings only: SE's engine never produces them, and --techniques refuses them.

Examples:
  sudokit techniques                            the table in English
  sudokit techniques --lang es                  in Spanish
  sudokit techniques --format json              JSON Lines: one object per name";

/// How `techniques` prints its rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TechniquesFormat {
    /// An aligned table with a header.
    Table,
    /// JSON Lines: one object per technique or group.
    Json,
}

/// `sudokit techniques`.
#[derive(Debug, Args)]
pub struct TechniquesArgs {
    /// Language of the header and the summaries.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    pub lang: Lang,
    /// Output format.
    #[arg(short, long, value_enum, default_value_t = TechniquesFormat::Table)]
    pub format: TechniquesFormat,
}

const GENERATE_HELP: &str = "\
Examples:
  sudokit generate                              one puzzle, half-turn symmetric
  sudokit generate -n 100 --level hard          100 hard puzzles on every core
  sudokit generate --level extreme --symmetry none --minimal
  sudokit generate --technique x-wing --clues 26 --format grid
  sudokit generate -n 5 --seed 42 --format json puzzle, solution, level, score, rating, seed

Every puzzle has exactly one solution. Clues are removed in random order, a whole orbit of the
symmetry at a time, while the solution stays unique; --minimal also checks that no single clue
can go. Targets combine; attempts that miss them are thrown away. When --timeout runs out for a
puzzle, the run stops with `sudokit: could not generate ...` and exit status 1.

--seed S makes the output the same on every run and any number of threads: puzzle i (from 0) is
made from seed S+i alone, which --format json prints as \"seed\"; `--seed S+i -n 1` makes that
puzzle again (with the same options). Without --seed the run seed is random.

Levels are the grader's (see `sudokit grade --help`); technique names as in `--techniques` of
explain and grade, groups such as unique-rectangle or finned-fish included (`sudokit techniques`
lists them).

-n is the number of puzzles here; in solve, count, trace and bench the number of solutions is
--limit (-l).";

/// Levels, as the grader names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    /// Singles only, score ≤ 800.
    Easy,
    /// Intersections and subsets, score ≤ 1000.
    Medium,
    /// Fish, wings, single-digit patterns, uniqueness, coloring, score ≤ 1600.
    Hard,
    /// Chains, score ≤ 1800.
    Unfair,
    /// Beyond the techniques at hand, or score above 1800.
    Extreme,
}

/// Symmetries of the pattern of givens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    /// No symmetry.
    None,
    /// Half-turn rotation.
    Rotate180,
    /// Quarter-turn rotation.
    Rotate90,
    /// Mirror across the horizontal middle line (top and bottom swap).
    MirrorHorizontal,
    /// Mirror across the vertical middle line (left and right swap).
    MirrorVertical,
    /// Mirror across the main diagonal (r1c1 to r9c9).
    Diagonal,
    /// Mirror across the anti-diagonal (r1c9 to r9c1).
    AntiDiagonal,
    /// Both mirror lines.
    BothMirrors,
    /// Both diagonals.
    BothDiagonals,
    /// Every rotation and mirror of the square.
    Dihedral,
}

/// `sudokit generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Number of puzzles (the only `-n` of sudokit: solution limits are `--limit`/`-l`).
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1)]
    pub count: u64,
    /// The level every puzzle must have.
    #[arg(long, value_enum)]
    pub level: Option<LevelArg>,
    /// A technique (or group) the solution path must use, e.g. `x-wing`, `unique-rectangle`
    /// (HoDoKu's path; the SE-style walk for Sudoku Explainer's own techniques).
    #[arg(long, value_name = "NAME", value_parser = parse_technique)]
    pub technique: Option<sudokit::generate::TechniqueTarget>,
    /// At most N clues.
    #[arg(long, value_name = "N")]
    pub clues: Option<usize>,
    /// The SE rating (ER) every puzzle must have: `MIN..MAX` (`6.5..7.5`), `MIN..`, `..MAX`.
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_rating_range, allow_hyphen_values = false)]
    pub rating: Option<sudokit::generate::RatingRange>,
    /// Symmetry of the pattern of givens.
    #[arg(long, value_enum, default_value_t = SymmetryArg::Rotate180)]
    pub symmetry: SymmetryArg,
    /// No clue can be removed without a second solution.
    #[arg(long)]
    pub minimal: bool,
    /// Run seed: the same seed and options give the same puzzles [default: random].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Seconds of attempts allowed per puzzle before giving up.
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = parse_seconds)]
    pub timeout: std::time::Duration,
    /// Output format: `line` (one puzzle per line), `grid` (9x9 blocks), `json` (JSON Lines with
    /// solution, level, score, rating, hardest technique and seed).
    #[arg(short, long, value_enum, default_value_t = Format::Line)]
    pub format: Format,
    /// Worker threads; 0 (the default) uses every core.
    #[arg(short = 'j', long, default_value_t = 0, value_name = "N")]
    pub threads: usize,
}

fn parse_technique(s: &str) -> Result<sudokit::generate::TechniqueTarget, String> {
    s.parse().map_err(crate::commands::techniques::with_hint)
}

fn parse_rating_range(s: &str) -> Result<sudokit::generate::RatingRange, String> {
    s.parse()
}

fn parse_seconds(s: &str) -> Result<std::time::Duration, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if x > 0.0 && x <= 1e9 => Ok(std::time::Duration::from_secs_f64(x)),
        _ => Err(format!(
            "expected a positive number of seconds, got '{}'",
            s.trim()
        )),
    }
}

const EXPLAIN_HELP: &str = "\
Examples:
  sudokit explain PUZZLE                        numbered steps in English
  sudokit explain --lang es --candidates PUZZLE  in Spanish, pencil marks before each step
  sudokit explain --techniques singles,locked-candidates PUZZLE
  sudokit explain --fallback --techniques singles PUZZLE   guesses when stuck
  sudokit explain --format json PUZZLE          steps with placements, eliminations and text

The solver applies, at each step, the simplest allowed technique that finds something, in
HoDoKu's order. A puzzle needs exactly one solution. When no allowed technique applies, the
output says so with the pencil-mark grid and the exit status is 1 (unless --fallback, which
places the solution's digit in a cell with the fewest candidates: a `guess` step).";

const HINT_HELP: &str = "\
Examples:
  sudokit hint PUZZLE                     the next step, e.g. `Hidden single: 7 can only go in r3c5 within box 2 => r3c5=7`
  sudokit hint --lang es --candidates PUZZLE
  sudokit hint --format json PUZZLE

The grid may be partly solved: the hint is for the grid as given (candidates from its digits).";

const GRADE_HELP: &str = "\
Output (tab-separated, one line per puzzle): level, score, rating, hardest technique
  easy      312   1.5   hidden-single
  medium    596   2.6   locked-candidates-pointing
  unfinished  -   >6.7  stuck after hidden-pair

Level and score as HoDoKu computes them (the sum of each step's base score; the level of the
hardest technique, raised while the score passes 800 / 1000 / 1600 / 1800). The rating follows
Sudoku Explainer: the hardest step on a path that always takes the lowest-rated step; `>R` for a
puzzle beyond the allowed techniques. A puzzle the allowed techniques cannot finish is
`unfinished`: no score, the rating as a bound, and the last technique that applied (exit status
0). With --format json each puzzle also gets its steps and a \"status\" (`solved` or
`unfinished`); an unfinished one has \"hardest\": null, \"stuck_after\", and HoDoKu's give-up
level and score (extreme, 20000 plus the steps' scores). `sudokit techniques` lists the names.

Examples:
  sudokit grade puzzles.txt
  sudokit grade --techniques singles,locked-candidates,naked-pair puzzles.txt
  sudokit grade --techniques +kraken-fish,+death-blossom puzzles.txt   as HoDoKu with them on
  sudokit grade --format json PUZZLE";

/// Flags of `explain` and `hint`.
#[derive(Debug, Args)]
pub struct HumanArgs {
    /// Language of the explanations.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    pub lang: Lang,
    /// Comma-separated techniques allowed (names or groups such as `singles`), or `+NAME,...`
    /// for the default set with those switched on (`+kraken-fish`) [default: the default set:
    /// every technique but brute force and those HoDoKu leaves off by default].
    #[arg(long, value_name = "LIST")]
    pub techniques: Option<String>,
    /// Show the pencil-mark grid before each step.
    #[arg(long)]
    pub candidates: bool,
    /// When stuck, place the solution's digit in a cell with the fewest candidates (a `guess` step).
    #[arg(long)]
    pub fallback: bool,
    #[command(flatten)]
    pub common: Common,
}

/// `sudokit hint`.
#[derive(Debug, Args)]
pub struct HintArgs {
    /// Every step every allowed technique finds at the position (HoDoKu's "All steps"), one per
    /// line, then an empty line; without `--techniques`, every available technique.
    #[arg(long)]
    pub all: bool,
    #[command(flatten)]
    pub human: HumanArgs,
}

/// `sudokit grade`.
#[derive(Debug, Args)]
pub struct GradeArgs {
    /// Comma-separated techniques allowed, or `+NAME,...` to switch techniques on beside the
    /// default sets [default: HoDoKu's default set for the level and score, Sudoku Explainer's
    /// techniques for the rating].
    #[arg(long, value_name = "LIST")]
    pub techniques: Option<String>,
    /// Language of the step texts in JSON output.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    pub lang: Lang,
    #[command(flatten)]
    pub common: Common,
}

const SOLVE_HELP: &str = "\
Examples:
  sudokit solve puzzles.txt
  sudokit solve --limit 5 --format json puzzles.txt
  sudokit solve --algorithm deepening --select min --stats puzzles.txt
  sudokit solve --algorithm branch-and-bound --max-memory 256 PUZZLE

With --limit or --all, each puzzle's solutions come one per line followed by one empty line.
With --stats, each puzzle gets one line on stderr (`FILE:LINE: nodes ..., time ...`), or a
\"stats\" object with --format json.";

const COUNT_HELP: &str = "\
Examples:
  sudokit count puzzles.txt           prints e.g. `1`, `2`, `1000+`
  sudokit count --limit 2 puzzles.txt
  sudokit count --algorithm backtracking --max-iterations 1000000 PUZZLE

The count is exact below the limit; `N+` means N or more. A puzzle with no solution prints 0
and makes the exit status 1.";

const CHECK_HELP: &str = "\
Output (tab-separated, one line per puzzle):
  unique    24 clues  9 digits
  unique    24 clues  9 digits  not minimal: r1c1 can go      (with --minimal)
  unique    24 clues  9 digits  minimal                       (with --minimal)
  multiple  16 clues  8 digits  16 clues: a unique solution needs at least 17
  none      30 clues  9 digits
  invalid   25 clues  9 digits  r1c4 and r1c8 both hold 5

Examples:
  sudokit check puzzles.txt
  sudokit check --minimal --format json puzzles.txt

Exit status 0 only if every puzzle is unique (and minimal with --minimal).";

const TRACE_HELP: &str = "\
Language: the trace is in Spanish by default (FALLIDO, SOLUCIÓN, búsqueda completa), as in the
source document; --lang en prints it in English (FAILED, SOLUTION, search complete).

Text trace (--style document, the default), as the source document prints it:
  iter=0 i=0 j=0 n=\"\"              the board after the first deepening
  FALLIDO iter=4 i=2 j=8 n=7       a trial deepening proves hopeless: the board before it
  iter=4 i=2 j=8 n=9               a kept trial: the board after it and its deepening
  8 9 1 7 6 3 5 2 4                nine rows, cells separated by spaces, `*` for empty
iter is the trial's depth (trials of one cell share it); i, j are the row and column, 1-based;
n is the digit. `SOLUCIÓN k` follows each solution; the last line counts solutions, iterations
and dead ends. --style compact prints the earlier form: one `iter=N` per trial in order, rows
without spaces, every board after its trial, `FALLIDO` on a line after a failed one.

Search tree (--tree dot|svg), in the language of --lang, as the source document draws it:
each node shows `#k nivel=L` (the k-th iteration, at level L), `i=ROW j=COL n=DIGIT` and
`d={...}`, the cell's candidates when tried. FALLIDO (FAILED, red): the deepening after the
trial found a dead end; RECHAZADO (REJECTED, orange): every branch below it failed; SOLUCIÓN k
(SOLUTION k, green): a solution, with the path to each one in bold green; ABIERTO (OPEN,
dashed): the search stopped before finishing it. The drawing carries this legend.

The text is printed as the search goes, in constant memory, however long (--all). A tree is
drawn at the end, so it keeps at most --max-nodes nodes (default 2000) and says how many it
left out. Several puzzles are traced on --threads threads, printed in input order.

Examples:
  sudokit trace PUZZLE                          the trace in Spanish, as in the source document
  sudokit trace --lang en --select min PUZZLE
  sudokit trace --style compact --all PUZZLE | head -50
  sudokit trace --techniques naked-single --max-iterations 500 PUZZLE
  sudokit trace --tree dot PUZZLE | dot -Tpng > tree.png
  sudokit trace --tree svg --max-nodes 500 PUZZLE > tree.svg";

const BENCH_HELP: &str = "\
Examples:
  sudokit bench tests/data/*.txt                      count to 2 (uniqueness check), one thread
  sudokit bench --mode solve --repeat 5 top1465.txt   first solution, median of 5 timed runs
  sudokit bench --threads 2 --compare-threads 17_clue.txt
  sudokit bench --format json --algorithm deepening --select min --max-puzzles 100 \\
      --max-iterations 1000000 random_minimal_100k.txt
  sudokit bench --format tsv tests/data/*.txt > bench.tsv

One row per file: puzzles, µs per puzzle (mean, median and maximum, each solve timed on its own;
JSON and TSV name the slowest puzzle's FILE:LINE in `slowest`), puzzles per second (puzzles over
the wall time of the run), guesses per puzzle (fast engine) or iterations and nodes per puzzle
(classic algorithms), and the verification: every solution produced is checked against the rules
and the puzzle's givens, and the count against an independent enumeration (fast) or the fast
engine (classic); `ok`, or the number of failures. A puzzle cut short by --max-iterations or
--max-memory is counted as stopped, not as a failure.

Timing: an untimed warm-up pass (--warmup), then --repeat timed runs; the run with the median
wall time is reported. With --threads N the runs use N threads; --compare-threads also runs on
one thread and reports the speedup.

Exit status: 0 all went well; 1 a bad line, a puzzle whose givens clash, or a verification
failure; 2 usage or I/O error.";

/// Flags every subcommand shares: inputs, formats, threads.
#[derive(Debug, Args)]
pub struct Common {
    /// Puzzle files; `-` or none reads standard input; a puzzle may also be given directly.
    #[arg(value_name = "FILE|PUZZLE")]
    pub inputs: Vec<String>,
    /// A puzzle given on the command line, read before the files; for puzzles that start
    /// with `-` (or pass them after `--`). May be repeated.
    #[arg(long = "puzzle", value_name = "PUZZLE", allow_hyphen_values = true)]
    pub puzzles: Vec<String>,
    /// Output format: `line` (one line per result), `grid` (9x9 blocks), `json` (JSON Lines).
    #[arg(short, long, value_enum, default_value_t = Format::Line)]
    pub format: Format,
    /// Input format: `auto` reads line and block formats, and JSON when the input starts with
    /// `[` or `{`; `line` never reads JSON; `json` always does.
    #[arg(long, value_enum, default_value_t = InputFormat::Auto, value_name = "FORMAT")]
    pub input_format: InputFormat,
    /// Worker threads; 0 (the default) uses every core; at most 1024.
    #[arg(short = 'j', long, default_value_t = 0, value_name = "N")]
    pub threads: usize,
}

impl Common {
    /// The puzzles these flags name, as a stream.
    pub fn source(&self) -> crate::input::Source {
        crate::input::Source::new(&self.inputs, &self.puzzles, self.input_format)
    }
}

/// How results are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line per result.
    Line,
    /// 9x9 grids with box separators, a blank line after each.
    Grid,
    /// JSON Lines: one object per input puzzle.
    Json,
}

/// How input is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InputFormat {
    /// Line or block format; JSON if the first non-blank character is `[` or `{`.
    Auto,
    /// Line or block format only.
    Line,
    /// JSON: arrays of 81 numbers or 9 arrays of 9, strings, objects with "puzzle".
    Json,
}

/// The search algorithms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Algorithm {
    /// The fast engine (constraint propagation and depth-first search).
    #[default]
    Fast,
    /// Classic backtracking: row-major, digits 1..9, feasibility check.
    Backtracking,
    /// Level-order branch and bound with a FIFO queue of live nodes.
    BranchAndBound,
    /// Backtracking with deepening: propagation by techniques, cell selection strategies.
    Deepening,
}

/// Next-cell strategy of deepening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Select {
    /// The next empty cell in row-major order.
    Next,
    /// The empty cell with the fewest candidates.
    Min,
    /// A random empty cell (see --seed).
    Random,
}

/// Flags of the searches shared by `solve` and `count`.
#[derive(Debug, Args)]
pub struct SearchArgs {
    #[command(flatten)]
    pub algorithm: AlgorithmArgs,
    /// Print search statistics per puzzle (stderr, or "stats" in JSON).
    #[arg(long)]
    pub stats: bool,
}

/// The choice of algorithm and its options, shared by `solve`, `count` and `bench`.
#[derive(Debug, Args)]
pub struct AlgorithmArgs {
    /// Search algorithm.
    #[arg(short, long, value_enum, default_value_t)]
    pub algorithm: Algorithm,
    /// Next-cell strategy (deepening only) [default: next].
    #[arg(long, value_enum)]
    pub select: Option<Select>,
    /// Random seed for --select random (deepening only) [default: 0].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Stop each search after N iterations (classic algorithms only).
    #[arg(long, value_name = "N")]
    pub max_iterations: Option<u64>,
    /// Comma-separated propagation techniques (deepening only)
    /// [default: full-house,naked-single,hidden-single].
    #[arg(long, value_name = "LIST")]
    pub techniques: Option<String>,
    /// Memory cap of branch and bound in MiB [default: 1024].
    #[arg(long, value_name = "MIB")]
    pub max_memory: Option<u64>,
}

/// `sudokit solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Print up to N solutions per puzzle.
    #[arg(short = 'l', long, value_name = "N", conflicts_with = "all")]
    pub limit: Option<u64>,
    /// Print every solution.
    #[arg(long)]
    pub all: bool,
    #[command(flatten)]
    pub search: SearchArgs,
    #[command(flatten)]
    pub common: Common,
}

/// `sudokit count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// Stop counting at N solutions and print `N+` when there are more.
    #[arg(short = 'l', long, value_name = "N", default_value_t = 1000)]
    pub limit: u64,
    #[command(flatten)]
    pub search: SearchArgs,
    #[command(flatten)]
    pub common: Common,
}

/// `sudokit check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Also say whether every clue is needed for uniqueness.
    #[arg(long)]
    pub minimal: bool,
    #[command(flatten)]
    pub common: Common,
}

/// Language of the text trace and the search tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Lang {
    /// Spanish, as in the source documents.
    Es,
    /// English.
    En,
}

/// Search tree drawings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Tree {
    /// Graphviz DOT.
    Dot,
    /// A self-contained SVG picture.
    Svg,
}

/// Layouts of the text trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TraceStyle {
    /// As the source document prints it: `iter=DEPTH i=ROW j=COL n=DIGIT`, `FALLIDO` headers.
    Document,
    /// The earlier form: trials numbered in order, unspaced rows.
    Compact,
}

/// `sudokit trace`.
#[derive(Debug, Args)]
pub struct TraceArgs {
    /// Language of the trace and of the tree's labels: Spanish (the default, as the source
    /// document) or English.
    #[arg(long, value_enum, default_value_t = Lang::Es)]
    pub lang: Lang,
    /// Layout of the text trace.
    #[arg(long, value_enum, default_value_t = TraceStyle::Document, conflicts_with = "tree")]
    pub style: TraceStyle,
    /// Print the search tree instead of the text trace.
    #[arg(long, value_enum)]
    pub tree: Option<Tree>,
    /// Nodes kept in the tree, root included, at most 100000; the drawing says how many were
    /// left out [default: 2000].
    #[arg(long, value_name = "N", requires = "tree")]
    pub max_nodes: Option<usize>,
    /// Next-cell strategy.
    #[arg(long, value_enum, default_value_t = Select::Next)]
    pub select: Select,
    /// Random seed for --select random.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Stop after N iterations.
    #[arg(long, value_name = "N")]
    pub max_iterations: Option<u64>,
    /// Comma-separated propagation techniques
    /// [default: full-house,naked-single,hidden-single].
    #[arg(long, value_name = "LIST")]
    pub techniques: Option<String>,
    /// Stop after N solutions.
    #[arg(
        short = 'l',
        long,
        value_name = "N",
        default_value_t = 1,
        conflicts_with = "all"
    )]
    pub limit: u64,
    /// Search for every solution (the text trace streams; a tree keeps --max-nodes).
    #[arg(long)]
    pub all: bool,
    #[command(flatten)]
    pub common: Common,
}

/// What `bench` times for each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BenchMode {
    /// Count solutions up to --limit (default 2: the uniqueness check).
    #[value(alias = "count")]
    Count2,
    /// Find the first solution.
    Solve,
}

/// How `bench` prints its rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BenchFormat {
    /// An aligned table with a header.
    Table,
    /// One JSON object per file (JSON Lines).
    Json,
    /// Tab-separated values with a header line.
    Tsv,
}

/// `sudokit bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Puzzle files; `-` or none reads standard input; a puzzle may also be given directly.
    #[arg(value_name = "FILE|PUZZLE")]
    pub inputs: Vec<String>,
    /// What is timed per puzzle.
    #[arg(long, value_enum, default_value_t = BenchMode::Count2)]
    pub mode: BenchMode,
    /// Solutions to count up to in count mode [default: 2].
    #[arg(short = 'l', long, value_name = "N")]
    pub limit: Option<u64>,
    #[command(flatten)]
    pub algorithm: AlgorithmArgs,
    /// Time only the first N puzzles of each file.
    #[arg(long, value_name = "N")]
    pub max_puzzles: Option<usize>,
    /// Timed runs per file; the run with the median wall time is reported.
    #[arg(long, value_name = "R", default_value_t = 1)]
    pub repeat: usize,
    /// Puzzles in the untimed warm-up pass before the timed runs (0: none).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub warmup: usize,
    /// Worker threads (0: one per core); the default times on one thread.
    #[arg(short = 'j', long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
    /// Also time the batch on one thread and report the speedup of --threads N.
    #[arg(long)]
    pub compare_threads: bool,
    /// Time the human-style grader (`grade`) instead of a search: µs per puzzle, puzzles/s and
    /// the share solved without a guess; every solved grid is checked against the engine.
    #[arg(long, conflicts_with_all = ["mode", "limit", "compare_threads"])]
    pub grade: bool,
    /// Output format.
    #[arg(short, long, value_enum, default_value_t = BenchFormat::Table)]
    pub format: BenchFormat,
    /// Input format, as for the other subcommands.
    #[arg(long, value_enum, default_value_t = InputFormat::Auto, value_name = "FORMAT")]
    pub input_format: InputFormat,
}
