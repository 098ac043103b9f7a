//! [`Technique`]: every solving technique by name, and the groups that
//! select several at once on the command line.
//!
//! Techniques are as fine-grained as HoDoKu's solution types (pointing and
//! claiming apart, each unique-rectangle type apart), because scores,
//! ratings and explanations differ between them. Names are kebab-case;
//! group names such as `locked-candidates` or `unique-rectangle` stand for
//! all their members.

use crate::classic::trace::Lang;
use crate::logic::facts::{Facts, Level, hodoku, se, se_approx, se_only};
use std::fmt;
use std::str::FromStr;

macro_rules! techniques {
    ($($(#[$doc:meta])* $variant:ident = $name:literal, $title_en:literal, $title_es:literal,
        $facts:expr, $en:literal, $es:literal;)*) => {
        /// A solving technique, named on the command line in kebab-case.
        ///
        /// Variants are listed family by family, roughly simplest first; the
        /// order in which the human-style solver tries them is
        /// [`Facts::order`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Technique {
            $($(#[$doc])* $variant,)*
        }

        impl Technique {
            /// Every technique, in declaration order.
            pub const ALL: &'static [Technique] = &[$(Technique::$variant,)*];

            /// The kebab-case name, as on the command line.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Technique::$variant => $name,)*
                }
            }

            /// The name players use, in `lang` (`Hidden single`, `Único oculto`).
            pub const fn title(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $((Technique::$variant, Lang::En) => $title_en,
                      (Technique::$variant, Lang::Es) => $title_es,)*
                }
            }

            /// What the technique does, in one line, in `lang`.
            pub const fn summary(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $((Technique::$variant, Lang::En) => $en,
                      (Technique::$variant, Lang::Es) => $es,)*
                }
            }

            /// The technique's row of the one table of facts: family, solver
            /// order, HoDoKu's score and level, SE's rating.
            pub const fn facts(self) -> Facts {
                Self::FACTS[self as usize]
            }

            /// The table of facts, one row per technique in declaration
            /// order: read by index, because the solver asks for facts on
            /// every step it looks for.
            const FACTS: &'static [Facts] = {
                use Family::*;
                use Level::*;
                &[$($facts,)*]
            };
        }
    };
}

/// In HoDoKu's default technique set.
const ON: bool = true;
/// Off in HoDoKu's default set (or, for SE-only techniques, in sudokit's).
const OFF: bool = false;

techniques! {
    /// The last empty cell of a house gets the missing digit.
    /// Evidence: `houses` = [the house].
    FullHouse = "full-house", "Full house", "Casilla única",
        hodoku(Singles, 100, 4, Easy, ON, se(1.0)),
        "The last empty cell of a house takes the missing digit",
        "La última casilla vacía de una unidad recibe el dígito que falta";
    /// A cell with a single candidate. Evidence: none beyond the placement.
    NakedSingle = "naked-single", "Naked single", "Único desnudo",
        hodoku(Singles, 200, 4, Easy, ON, se(2.3)),
        "A cell with a single candidate takes it",
        "Una casilla con un solo candidato lo recibe";
    /// A digit with a single place in a house. Evidence: `houses` = [the house].
    HiddenSingle = "hidden-single", "Hidden single", "Único oculto",
        hodoku(Singles, 300, 14, Easy, ON, se(1.5)),
        "A digit with a single place in a house goes there",
        "Un dígito con un solo sitio en una unidad va allí";
    /// A digit of a box confined to one row or column: it leaves the rest of
    /// that line. Evidence: `houses` = [box, line], `digits` = {d}, `cells` =
    /// the candidate cells in the box.
    LockedCandidatesPointing = "locked-candidates-pointing", "Locked candidates (pointing)", "Candidatos bloqueados (apuntando)",
        hodoku(Intersections, 1200, 50, Medium, ON, se(2.6)),
        "A digit confined to one line in a box leaves the rest of the line",
        "Un dígito limitado a una línea en una caja sale del resto de la línea";
    /// A digit of a row or column confined to one box: it leaves the rest of
    /// the box. Evidence: `houses` = [line, box], `digits` = {d}, `cells` =
    /// the candidate cells in the line.
    LockedCandidatesClaiming = "locked-candidates-claiming", "Locked candidates (claiming)", "Candidatos bloqueados (reclamando)",
        hodoku(Intersections, 1210, 50, Medium, ON, se(2.8)),
        "A digit confined to one box in a line leaves the rest of the box",
        "Un dígito limitado a una caja en una línea sale del resto de la caja";
    /// A naked pair inside the intersection of a box and a line: both houses
    /// lose its digits. Evidence: `houses` = [box, line], `cells`, `digits`.
    LockedPair = "locked-pair", "Locked pair", "Par bloqueado",
        hodoku(Intersections, 1000, 40, Medium, ON, se(3.0)),
        "A naked pair in a box and a line at once clears both houses",
        "Un par desnudo en una caja y una línea a la vez limpia ambas unidades";
    /// A naked triple inside the intersection of a box and a line.
    /// Evidence as for [`Technique::LockedPair`].
    LockedTriple = "locked-triple", "Locked triple", "Trío bloqueado",
        hodoku(Intersections, 1100, 60, Medium, ON, se(3.6)),
        "A naked triple in a box and a line at once clears both houses",
        "Un trío desnudo en una caja y una línea a la vez limpia ambas unidades";
    /// Two cells of a house with the same two candidates.
    /// Evidence: `houses` = `[house]`, or `[box, line]` when the cells share
    /// both (the digits then leave both houses), `cells`, `digits`.
    NakedPair = "naked-pair", "Naked pair", "Par desnudo",
        hodoku(Subsets, 1300, 60, Medium, ON, se(3.0)),
        "Two cells of a house hold only the same two digits: the others lose them",
        "Dos casillas de una unidad solo tienen los mismos dos dígitos: las demás los pierden";
    /// Three cells of a house with three candidates among them.
    /// Evidence as for [`Technique::NakedPair`].
    NakedTriple = "naked-triple", "Naked triple", "Trío desnudo",
        hodoku(Subsets, 1400, 80, Medium, ON, se(3.6)),
        "Three cells of a house hold only three digits: the others lose them",
        "Tres casillas de una unidad solo tienen tres dígitos: las demás los pierden";
    /// Four cells of a house with four candidates among them.
    /// Evidence as for [`Technique::NakedPair`].
    NakedQuad = "naked-quad", "Naked quad", "Cuarteto desnudo",
        hodoku(Subsets, 2000, 120, Hard, ON, se(5.0)),
        "Four cells of a house hold only four digits: the others lose them",
        "Cuatro casillas de una unidad solo tienen cuatro dígitos: las demás los pierden";
    /// Two digits confined to the same two cells of a house.
    /// Evidence: `houses` = `[house]`, `cells`, `digits`.
    HiddenPair = "hidden-pair", "Hidden pair", "Par oculto",
        hodoku(Subsets, 1500, 70, Medium, ON, se(3.4)),
        "Two digits confined to two cells of a house: those cells lose the rest",
        "Dos dígitos limitados a dos casillas de una unidad: esas casillas pierden el resto";
    /// Three digits confined to three cells of a house.
    /// Evidence as for [`Technique::HiddenPair`].
    HiddenTriple = "hidden-triple", "Hidden triple", "Trío oculto",
        hodoku(Subsets, 1600, 100, Medium, ON, se(4.0)),
        "Three digits confined to three cells of a house: those cells lose the rest",
        "Tres dígitos limitados a tres casillas de una unidad: esas casillas pierden el resto";
    /// Four digits confined to four cells of a house.
    /// Evidence as for [`Technique::HiddenPair`].
    HiddenQuad = "hidden-quad", "Hidden quad", "Cuarteto oculto",
        hodoku(Subsets, 2100, 150, Hard, ON, se(5.4)),
        "Four digits confined to four cells of a house: those cells lose the rest",
        "Cuatro dígitos limitados a cuatro casillas de una unidad: esas casillas pierden el resto";
    /// Basic fish of size 2. Evidence: `houses` = base lines then cover
    /// lines, `digits` = {d}, `cells` = the candidate cells of the base.
    XWing = "x-wing", "X-Wing", "X-Wing",
        hodoku(Fish, 2200, 140, Hard, ON, se(3.2)),
        "A digit confined in two lines to two cross lines leaves the rest of them",
        "Un dígito limitado en dos líneas a dos líneas cruzadas sale del resto de ellas";
    /// Basic fish of size 3 (evidence as for X-Wing).
    Swordfish = "swordfish", "Swordfish", "Pez espada (Swordfish)",
        hodoku(Fish, 2300, 150, Hard, ON, se(3.8)),
        "A digit confined in three lines to three cross lines leaves the rest of them",
        "Un dígito limitado en tres líneas a tres líneas cruzadas sale del resto de ellas";
    /// Basic fish of size 4 (evidence as for X-Wing).
    Jellyfish = "jellyfish", "Jellyfish", "Medusa (Jellyfish)",
        hodoku(Fish, 2400, 160, Hard, ON, se(5.2)),
        "A digit confined in four lines to four cross lines leaves the rest of them",
        "Un dígito limitado en cuatro líneas a cuatro líneas cruzadas sale del resto de ellas";
    /// Two conjugate pairs of one digit in parallel lines, one end of each
    /// in a common cross line (the other ends not): cells seeing both free
    /// ends lose the digit. Evidence: `cells` = [joined end, joined end,
    /// free end, free end] (each pair in the same order), `links` = the chain
    /// free = joined - joined = free (strong, weak, strong), `houses` = the
    /// house of each link (line, cross line, line), `digits` = {d}.
    Skyscraper = "skyscraper", "Skyscraper", "Rascacielos (Skyscraper)",
        hodoku(SingleDigit, 3000, 130, Hard, ON, se_approx(6.6)),
        "Two parallel conjugate pairs joined at one end: cells seeing both free ends lose the digit",
        "Dos pares conjugados paralelos unidos por un extremo: quien vea ambos extremos libres pierde el dígito";
    /// A row and a column conjugate pair of one digit, one end of each in a
    /// common box (four distinct cells): the cell in the row of the column's
    /// free end and the column of the row's free end loses the digit.
    /// Evidence as for Skyscraper, the row pair first: `houses` = [row, box,
    /// column].
    TwoStringKite = "two-string-kite", "2-String Kite", "Cometa (2-String Kite)",
        hodoku(SingleDigit, 3100, 150, Hard, ON, se_approx(6.6)),
        "A row pair and a column pair joined in a box: the cell seeing both free ends loses the digit",
        "Un par de fila y uno de columna unidos en una caja: la casilla que ve ambos extremos libres pierde el dígito";
    /// A box whose candidates for a digit lie on one row and one column of
    /// it (some off their crossing, two or more on one of them), and a
    /// conjugate pair from that row (column) to another cell: where that
    /// cell's row (column) meets the box's column (row) loses the digit.
    /// Evidence: `houses` = [box, row, column, the pair's line], `cells` =
    /// [pair end on the box's line, far end, then the box's candidates],
    /// `links` = [the strong link near end = far end], `digits` = {d}.
    EmptyRectangle = "empty-rectangle", "Empty rectangle", "Rectángulo vacío",
        hodoku(SingleDigit, 3170, 120, Hard, ON, se_approx(6.6)),
        "A box's candidates on one row and one column, with a conjugate pair: one elimination",
        "Los candidatos de una caja en una fila y una columna, con un par conjugado: una eliminación";
    /// Any other chain a = b - c = d of two conjugate pairs (in any houses)
    /// of one digit joined by a weak link: cells seeing a and d lose it.
    /// Evidence: `cells` = [a, b, c, d], `links` in chain order (strong,
    /// weak, strong), `houses` = the house of each link, `digits` = {d}.
    TurbotFish = "turbot-fish", "Turbot fish", "Turbot Fish",
        hodoku(SingleDigit, 3120, 120, Hard, ON, se_approx(6.6)),
        "Two conjugate pairs joined by a weak link: cells seeing both ends lose the digit",
        "Dos pares conjugados unidos por un enlace débil: quien vea ambos extremos pierde el dígito";
    /// Pivot `xy`, pincers `xz` and `yz`: `z` leaves cells seeing both pincers.
    /// Evidence: `cells` = [pivot, pincer, pincer], `digits` = {x, y, z}; `z`
    /// is the digit eliminated (the one the pincers share).
    XyWing = "xy-wing", "XY-Wing", "XY-Wing",
        hodoku(Wings, 3300, 160, Hard, ON, se(4.2)),
        "Pivot xy with pincers xz and yz: cells seeing both pincers lose z",
        "Pivote xy con pinzas xz e yz: quien vea ambas pinzas pierde z";
    /// XY-wing whose pivot also holds `z`: only cells seeing all three lose
    /// `z`. Evidence as for XY-Wing.
    XyzWing = "xyz-wing", "XYZ-Wing", "XYZ-Wing",
        hodoku(Wings, 3400, 180, Hard, ON, se(4.4)),
        "An XY-Wing whose pivot also holds z: cells seeing all three lose z",
        "Un XY-Wing cuyo pivote también tiene z: quien vea las tres pierde z";
    /// Two equal bivalue cells `xy` joined by a conjugate pair on `y` (one
    /// end seeing each cell): `x` leaves cells seeing both. Evidence: `cells`
    /// = [cell, cell, end seeing the first, end seeing the second], `houses`
    /// = [the pair's house], `digits` = {x, y}, `links` = the chain
    /// x=y in the first cell, - y at its end = y at the other end -, y=x in
    /// the second cell (5 links, strong first).
    WWing = "w-wing", "W-Wing", "W-Wing",
        hodoku(Wings, 3200, 150, Hard, ON, se_approx(6.7)),
        "Two equal cells xy joined by a conjugate pair on y: cells seeing both lose x",
        "Dos casillas iguales xy unidas por un par conjugado de y: quien vea ambas pierde x";
    /// A chain of four or more identical bivalue cells `ab`, each seeing the
    /// next: cells seeing two chain cells an odd number (3 or more) of cells
    /// apart lose `a` and `b`. Evidence: `cells` in chain order, `digits` =
    /// the pair, `links` = the chain (strong inside each cell, weak between
    /// cells, the first cell's lower digit first).
    RemotePair = "remote-pair", "Remote pair", "Pares remotos",
        hodoku(Chains, 2800, 110, Hard, ON, se_approx(6.6)),
        "A chain of equal bivalue cells: cells seeing two of opposite parity lose both digits",
        "Una cadena de casillas bivalor iguales: quien vea dos de paridad opuesta pierde ambos dígitos";
    /// Unique rectangle type 1: one corner has candidates beside the pair;
    /// it loses the pair. Evidence for all unique-rectangle types and the
    /// hidden rectangle: `cells` = the four corners in row-major order,
    /// `digits` = the rectangle's two digits, `fins` = the corners holding
    /// other candidates too (here the one that loses the pair).
    UniqueRectangle1 = "unique-rectangle-1", "Unique rectangle type 1", "Rectángulo único tipo 1",
        hodoku(Uniqueness, 3500, 100, Hard, ON, se(4.5)),
        "Deadly rectangle with one corner holding extras: that corner loses the pair",
        "Rectángulo mortal con una esquina con extras: esa esquina pierde el par";
    /// Unique rectangle type 2: two corners in one row or column with the
    /// same single extra digit (the digit eliminated), which leaves every
    /// cell seeing both `fins`.
    UniqueRectangle2 = "unique-rectangle-2", "Unique rectangle type 2", "Rectángulo único tipo 2",
        hodoku(Uniqueness, 3600, 100, Hard, ON, se(4.5)),
        "Deadly rectangle, two corners on a side share one extra: cells seeing both lose it",
        "Rectángulo mortal, dos esquinas de un lado comparten un extra: quien vea ambas lo pierde";
    /// Unique rectangle type 3: the two `fins` share a house and act as one
    /// cell holding their extra digits: with other cells of that house they
    /// form a naked subset. `cells` = the corners, then the other cells of
    /// the subset; `houses` = [the house], plus the box when the subset
    /// also lies in one box (a locked subset, eliminating in both). The
    /// subset's digits are the extras of the fins and the candidates of the
    /// other cells.
    UniqueRectangle3 = "unique-rectangle-3", "Unique rectangle type 3", "Rectángulo único tipo 3",
        hodoku(Uniqueness, 3700, 100, Hard, ON, se(4.5)),
        "Deadly rectangle whose extras form a naked subset with other cells of a house",
        "Rectángulo mortal cuyos extras forman un subconjunto desnudo con otras casillas de una unidad";
    /// Unique rectangle type 4: the two `fins` share a row or column and one
    /// digit of the pair is confined to them in a house they share, so the
    /// other digit leaves both. `houses` = [that house], `links` = the strong
    /// link between the fins on the confined digit.
    UniqueRectangle4 = "unique-rectangle-4", "Unique rectangle type 4", "Rectángulo único tipo 4",
        hodoku(Uniqueness, 3800, 100, Hard, ON, se(4.5)),
        "Deadly rectangle, a digit of the pair locked in the extra corners: they lose the other",
        "Rectángulo mortal, un dígito del par bloqueado en las esquinas extra: pierden el otro";
    /// Unique rectangle type 5: as type 2 with the `fins` diagonal, or three.
    UniqueRectangle5 = "unique-rectangle-5", "Unique rectangle type 5", "Rectángulo único tipo 5",
        hodoku(Uniqueness, 3900, 100, Hard, ON, se_approx(4.5)),
        "Deadly rectangle, diagonal or three corners share one extra: cells seeing them lose it",
        "Rectángulo mortal, esquinas en diagonal o tres comparten un extra: quien las vea lo pierde";
    /// Unique rectangle type 6: the two `fins` are diagonal and one digit of
    /// the pair lies only on the corners in both rows and both columns (an
    /// X-Wing): it leaves the fins. `houses` = the two rows, then the two
    /// columns.
    UniqueRectangle6 = "unique-rectangle-6", "Unique rectangle type 6", "Rectángulo único tipo 6",
        hodoku(Uniqueness, 4000, 100, Hard, ON, se_approx(4.6)),
        "Deadly rectangle, diagonal extras and an X-Wing on a digit of the pair: the extras lose it",
        "Rectángulo mortal, extras en diagonal y un X-Wing de un dígito del par: los extras lo pierden";
    /// Hidden rectangle: a corner with only the pair (if two such corners,
    /// diagonal); in the row and the column of the opposite corner one digit
    /// of the pair lies only on the rectangle, so the other digit leaves that
    /// corner. Evidence as for the unique rectangles, plus `houses` = [row,
    /// column] of that corner and `links` = its two strong links on the
    /// confined digit (row first).
    HiddenRectangle = "hidden-rectangle", "Hidden rectangle", "Rectángulo oculto",
        hodoku(Uniqueness, 4010, 100, Hard, ON, se_approx(4.7)),
        "Deadly rectangle, a digit of the pair locked in a corner's row and column: it loses the other",
        "Rectángulo mortal, un dígito del par bloqueado en la fila y columna de una esquina: pierde el otro";
    /// Avoidable rectangle type 1: three corners solved (not given) as
    /// `a`, `b`, `b`; the empty corner cannot take `a`, the digit of its
    /// diagonal. Evidence: `cells` = the four corners in row-major order,
    /// `digits` = {a, b}. Found only with the givens:
    /// [`find_with_givens`](crate::logic::uniqueness::find_with_givens).
    AvoidableRectangle1 = "avoidable-rectangle-1", "Avoidable rectangle type 1", "Rectángulo evitable tipo 1",
        hodoku(Uniqueness, 4020, 100, Hard, ON, se_approx(4.5)),
        "Corners solved (not given) as a, b, b: the empty corner cannot take a",
        "Esquinas resueltas (no dadas) como a, b, b: la esquina vacía no puede tomar a";
    /// Avoidable rectangle type 2: two corners of one side solved (not
    /// given); the two empty corners each hold the digit of their diagonal
    /// and the same one extra digit (the digit eliminated), which leaves the
    /// cells seeing both. Evidence as for type 1, plus `fins` = the two
    /// empty corners.
    AvoidableRectangle2 = "avoidable-rectangle-2", "Avoidable rectangle type 2", "Rectángulo evitable tipo 2",
        hodoku(Uniqueness, 4030, 100, Hard, ON, se_approx(4.6)),
        "Two corners solved, the empty ones share one extra: cells seeing both lose it",
        "Dos esquinas resueltas, las vacías comparten un extra: quien vea ambas lo pierde";
    /// Bivalue universal grave plus one: every empty cell has two candidates
    /// but one with three, and one of its digits appears three times in each
    /// of its houses: the cell takes that digit. Evidence: `cells` = [the
    /// tri-value cell], `digits` = {the digit}, `houses` = its row, column
    /// and box.
    BugPlusOne = "bug-plus-one", "BUG+1", "BUG+1",
        hodoku(Uniqueness, 2900, 100, Hard, ON, se(5.6)),
        "Every cell bivalue but one: it takes the digit seen three times in its houses",
        "Todas las casillas bivalor salvo una: toma el dígito que aparece tres veces en sus unidades";
    /// X-Wing with fins: base candidates outside the cover lines, all in
    /// one box; the digit leaves the cover-line cells of that box (they see
    /// every fin). Evidence: `houses` = base lines then cover lines,
    /// `digits` = {d}, `cells` = the base candidates in the cover lines,
    /// `fins` = the base candidates outside them.
    FinnedXWing = "finned-x-wing", "Finned X-Wing", "X-Wing con aleta",
        hodoku(Fish, 4100, 130, Hard, ON, se_approx(6.6)),
        "An X-Wing with fins in one box: the digit leaves that box's cover cells",
        "Un X-Wing con aletas en una caja: el dígito sale de las casillas cubiertas de esa caja";
    /// Finned X-Wing one of whose base lines keeps at most one candidate in
    /// the cover lines (a corner is missing). Evidence as for finned X-Wing.
    SashimiXWing = "sashimi-x-wing", "Sashimi X-Wing", "X-Wing sashimi",
        hodoku(Fish, 4200, 150, Hard, ON, se_approx(6.6)),
        "A finned X-Wing with a corner missing",
        "Un X-Wing con aleta al que le falta una esquina";
    /// Simple colors, color trap: a cell seeing both colors of a cluster of
    /// conjugate pairs loses the digit. Evidence: `links` = every conjugate
    /// pair of the cluster (house order), each from a first-color cell to a
    /// second-color cell; `cells` = the first color's cells, then the
    /// second's (row-major each); `digits` = {d}.
    /// [`crate::logic::coloring::color_classes`] splits the colors.
    SimpleColorsTrap = "simple-colors-trap", "Simple colors (trap)", "Coloreado simple (trampa)",
        hodoku(Coloring, 5330, 150, Hard, ON, se_approx(6.6)),
        "Two colors of a digit's conjugate pairs: cells seeing both colors lose it",
        "Dos colores de los pares conjugados de un dígito: quien vea ambos colores lo pierde";
    /// Simple colors, color wrap: two cells of one color see each other, so
    /// every cell of that color loses the digit. Evidence as for the trap.
    SimpleColorsWrap = "simple-colors-wrap", "Simple colors (wrap)", "Coloreado simple (envoltura)",
        hodoku(Coloring, 5330, 150, Hard, ON, se_approx(6.6)),
        "Two cells of one color see each other: that color is false",
        "Dos casillas del mismo color se ven: ese color es falso";
    /// Multi colors type 1: a color of one cluster sees a color of another,
    /// so cells seeing both opposite colors lose the digit. Evidence as for
    /// simple colors, both clusters (cells and links of the first, then of
    /// the second).
    MultiColors1 = "multi-colors-1", "Multi colors type 1", "Coloreado múltiple tipo 1",
        hodoku(Coloring, 5360, 200, Hard, ON, se_approx(6.7)),
        "Colors of two clusters see each other: cells seeing both opposites lose the digit",
        "Colores de dos grupos se ven: quien vea ambos opuestos pierde el dígito";
    /// Multi colors type 2: the cells of a color see both colors of another
    /// cluster, so that color is false. Evidence as for type 1, the cluster
    /// of the false color first.
    MultiColors2 = "multi-colors-2", "Multi colors type 2", "Coloreado múltiple tipo 2",
        hodoku(Coloring, 5360, 200, Hard, ON, se_approx(6.7)),
        "A color sees both colors of another cluster: it is false",
        "Un color ve ambos colores de otro grupo: es falso";
    /// Alternating chain on one digit, strong links (conjugate pairs) at
    /// both ends, 3 links or more: cells seeing both ends lose the digit.
    /// Evidence: `cells` and `links` in chain order, `houses` = the house of
    /// each link, `digits` = {d}.
    XChain = "x-chain", "X-Chain", "Cadena X",
        hodoku(Chains, 5400, 260, Unfair, ON, se_approx(6.6)),
        "An alternating chain on one digit, strong at both ends: cells seeing both ends lose it",
        "Cadena alterna de un dígito, fuerte en los extremos: quien vea ambos extremos lo pierde";
    /// Chain of bivalue cells, each seeing the next, starting and ending on
    /// digit `a`: cells seeing both ends lose `a`. Evidence: `cells` in chain
    /// order, `links` in chain order (strong inside each cell, weak between
    /// cells, from the first cell's `a` to the last cell's `a`), `digits` =
    /// the chain cells' candidates.
    XyChain = "xy-chain", "XY-Chain", "Cadena XY",
        hodoku(Chains, 5500, 260, Unfair, ON, se_approx(6.6)),
        "A chain of bivalue cells from digit a to digit a: cells seeing both ends lose a",
        "Cadena de casillas bivalor de un dígito a al mismo a: quien vea ambos extremos pierde a";
    /// Finned fish of size 3. Evidence as for [`Technique::FinnedXWing`].
    FinnedSwordfish = "finned-swordfish", "Finned Swordfish", "Swordfish con aleta",
        hodoku(Fish, 4300, 200, Unfair, ON, se_approx(6.6)),
        "A Swordfish with fins in one box: the digit leaves that box's cover cells",
        "Un Swordfish con aletas en una caja: el dígito sale de las casillas cubiertas de esa caja";
    /// Finned Swordfish missing a corner. Evidence as for [`Technique::FinnedXWing`].
    SashimiSwordfish = "sashimi-swordfish", "Sashimi Swordfish", "Swordfish sashimi",
        hodoku(Fish, 4400, 240, Unfair, ON, se_approx(6.6)),
        "A finned Swordfish whose base line lacks a corner",
        "Un Swordfish con aleta al que le falta una esquina";
    /// Finned fish of size 4. Evidence as for [`Technique::FinnedXWing`].
    FinnedJellyfish = "finned-jellyfish", "Finned Jellyfish", "Jellyfish con aleta",
        hodoku(Fish, 4500, 250, Unfair, ON, se_approx(6.6)),
        "A Jellyfish with fins in one box: the digit leaves that box's cover cells",
        "Un Jellyfish con aletas en una caja: el dígito sale de las casillas cubiertas de esa caja";
    /// Finned Jellyfish missing a corner. Evidence as for [`Technique::FinnedXWing`].
    SashimiJellyfish = "sashimi-jellyfish", "Sashimi Jellyfish", "Jellyfish sashimi",
        hodoku(Fish, 4600, 260, Unfair, ON, se_approx(6.6)),
        "A finned Jellyfish whose base line lacks a corner",
        "Un Jellyfish con aleta al que le falta una esquina";
    /// Basic fish of size 5 (evidence as for X-Wing).
    Squirmbag = "squirmbag", "Squirmbag", "Squirmbag",
        hodoku(Fish, 2500, 470, Unfair, OFF, se_approx(6.6)),
        "A digit confined in 5 lines to 5 cross lines leaves the rest of them",
        "Un dígito limitado en 5 líneas a 5 líneas cruzadas sale del resto de ellas";
    /// Basic fish of size 6 (evidence as for X-Wing).
    Whale = "whale", "Whale", "Whale",
        hodoku(Fish, 2600, 470, Unfair, OFF, se_approx(6.6)),
        "A digit confined in 6 lines to 6 cross lines leaves the rest of them",
        "Un dígito limitado en 6 líneas a 6 líneas cruzadas sale del resto de ellas";
    /// Basic fish of size 7 (evidence as for X-Wing).
    Leviathan = "leviathan", "Leviathan", "Leviathan",
        hodoku(Fish, 2700, 470, Unfair, OFF, se_approx(6.6)),
        "A digit confined in 7 lines to 7 cross lines leaves the rest of them",
        "Un dígito limitado en 7 líneas a 7 líneas cruzadas sale del resto de ellas";
    /// Finned fish of size 5 (evidence as for finned X-Wing).
    FinnedSquirmbag = "finned-squirmbag", "Finned Squirmbag", "Squirmbag con aleta",
        hodoku(Fish, 4700, 470, Unfair, OFF, se_approx(6.6)),
        "A fish of size 5 with fins in one box",
        "Un pez de tamaño 5 con aletas en una caja";
    /// Sashimi fish of size 5 (evidence as for finned X-Wing).
    SashimiSquirmbag = "sashimi-squirmbag", "Sashimi Squirmbag", "Squirmbag sashimi",
        hodoku(Fish, 4800, 470, Unfair, OFF, se_approx(6.6)),
        "A finned fish of size 5 missing a corner",
        "Un pez con aleta de tamaño 5 al que le falta una esquina";
    /// Finned fish of size 6 (evidence as for finned X-Wing).
    FinnedWhale = "finned-whale", "Finned Whale", "Whale con aleta",
        hodoku(Fish, 4900, 470, Unfair, OFF, se_approx(6.6)),
        "A fish of size 6 with fins in one box",
        "Un pez de tamaño 6 con aletas en una caja";
    /// Sashimi fish of size 6 (evidence as for finned X-Wing).
    SashimiWhale = "sashimi-whale", "Sashimi Whale", "Whale sashimi",
        hodoku(Fish, 5000, 470, Unfair, OFF, se_approx(6.6)),
        "A finned fish of size 6 missing a corner",
        "Un pez con aleta de tamaño 6 al que le falta una esquina";
    /// Finned fish of size 7 (evidence as for finned X-Wing).
    FinnedLeviathan = "finned-leviathan", "Finned Leviathan", "Leviathan con aleta",
        hodoku(Fish, 5100, 470, Unfair, OFF, se_approx(6.6)),
        "A fish of size 7 with fins in one box",
        "Un pez de tamaño 7 con aletas en una caja";
    /// Sashimi fish of size 7 (evidence as for finned X-Wing).
    SashimiLeviathan = "sashimi-leviathan", "Sashimi Leviathan", "Leviathan sashimi",
        hodoku(Fish, 5200, 470, Unfair, OFF, se_approx(6.6)),
        "A finned fish of size 7 missing a corner",
        "Un pez con aleta de tamaño 7 al que le falta una esquina";
    /// Franken fish of size 2: boxes among the base or cover sets. Evidence: `houses` = base sets then cover sets (each in house order: rows, columns, boxes), `digits` = {d}, `cells` = the base candidates, `fins` = none; eliminations include base candidates in two cover sets (cannibalism). As in HoDoKu, the search also meets fish of a plainer shape.
    FrankenXWing = "franken-x-wing", "Franken X-Wing", "X-Wing Franken",
        hodoku(Fish, 6100, 300, Unfair, ON, se_approx(6.8)),
        "A fish of size 2 whose base or cover sets mix lines and boxes",
        "Un pez de tamaño 2 cuyas bases o coberturas mezclan líneas y cajas";
    /// Franken fish of size 3: boxes among the base or cover sets. Evidence: `houses` = base sets then cover sets (each in house order: rows, columns, boxes), `digits` = {d}, `cells` = the base candidates, `fins` = none; eliminations include base candidates in two cover sets (cannibalism). As in HoDoKu, the search also meets fish of a plainer shape.
    FrankenSwordfish = "franken-swordfish", "Franken Swordfish", "Swordfish Franken",
        hodoku(Fish, 6200, 350, Unfair, ON, se_approx(6.8)),
        "A fish of size 3 whose base or cover sets mix lines and boxes",
        "Un pez de tamaño 3 cuyas bases o coberturas mezclan líneas y cajas";
    /// Franken fish of size 4: boxes among the base or cover sets. Evidence: `houses` = base sets then cover sets (each in house order: rows, columns, boxes), `digits` = {d}, `cells` = the base candidates, `fins` = none; eliminations include base candidates in two cover sets (cannibalism). As in HoDoKu, the search also meets fish of a plainer shape.
    FrankenJellyfish = "franken-jellyfish", "Franken Jellyfish", "Jellyfish Franken",
        hodoku(Fish, 6300, 370, Unfair, OFF, se_approx(6.8)),
        "A fish of size 4 whose base or cover sets mix lines and boxes",
        "Un pez de tamaño 4 cuyas bases o coberturas mezclan líneas y cajas";
    /// Franken fish of size 5: boxes among the base or cover sets. Evidence: `houses` = base sets then cover sets (each in house order: rows, columns, boxes), `digits` = {d}, `cells` = the base candidates, `fins` = none; eliminations include base candidates in two cover sets (cannibalism). As in HoDoKu, the search also meets fish of a plainer shape.
    FrankenSquirmbag = "franken-squirmbag", "Franken Squirmbag", "Squirmbag Franken",
        hodoku(Fish, 6400, 470, Extreme, OFF, se_approx(6.8)),
        "A fish of size 5 whose base or cover sets mix lines and boxes",
        "Un pez de tamaño 5 cuyas bases o coberturas mezclan líneas y cajas";
    /// Franken fish of size 6: boxes among the base or cover sets. Evidence: `houses` = base sets then cover sets (each in house order: rows, columns, boxes), `digits` = {d}, `cells` = the base candidates, `fins` = none; eliminations include base candidates in two cover sets (cannibalism). As in HoDoKu, the search also meets fish of a plainer shape.
    FrankenWhale = "franken-whale", "Franken Whale", "Whale Franken",
        hodoku(Fish, 6500, 470, Extreme, OFF, se_approx(6.8)),
        "A fish of size 6 whose base or cover sets mix lines and boxes",
        "Un pez de tamaño 6 cuyas bases o coberturas mezclan líneas y cajas";
    /// Franken fish of size 7: boxes among the base or cover sets. Evidence: `houses` = base sets then cover sets (each in house order: rows, columns, boxes), `digits` = {d}, `cells` = the base candidates, `fins` = none; eliminations include base candidates in two cover sets (cannibalism). As in HoDoKu, the search also meets fish of a plainer shape.
    FrankenLeviathan = "franken-leviathan", "Franken Leviathan", "Leviathan Franken",
        hodoku(Fish, 6600, 470, Extreme, OFF, se_approx(6.8)),
        "A fish of size 7 whose base or cover sets mix lines and boxes",
        "Un pez de tamaño 7 cuyas bases o coberturas mezclan líneas y cajas";
    /// Franken fish of size 2 with fins: only cells seeing every fin lose the digit. Evidence as for Franken fish; `fins` = every fin, endo fins (base candidates in two base sets) included, and `cells` leaves them out.
    FinnedFrankenXWing = "finned-franken-x-wing", "Finned Franken X-Wing", "X-Wing Franken con aleta",
        hodoku(Fish, 6700, 390, Unfair, ON, se_approx(6.8)),
        "A Franken fish of size 2 with fins",
        "Un pez Franken de tamaño 2 con aletas";
    /// Franken fish of size 3 with fins: only cells seeing every fin lose the digit. Evidence as for Franken fish; `fins` = every fin, endo fins (base candidates in two base sets) included, and `cells` leaves them out.
    FinnedFrankenSwordfish = "finned-franken-swordfish", "Finned Franken Swordfish", "Swordfish Franken con aleta",
        hodoku(Fish, 6800, 410, Unfair, ON, se_approx(6.8)),
        "A Franken fish of size 3 with fins",
        "Un pez Franken de tamaño 3 con aletas";
    /// Franken fish of size 4 with fins: only cells seeing every fin lose the digit. Evidence as for Franken fish; `fins` = every fin, endo fins (base candidates in two base sets) included, and `cells` leaves them out.
    FinnedFrankenJellyfish = "finned-franken-jellyfish", "Finned Franken Jellyfish", "Jellyfish Franken con aleta",
        hodoku(Fish, 6900, 430, Unfair, OFF, se_approx(6.8)),
        "A Franken fish of size 4 with fins",
        "Un pez Franken de tamaño 4 con aletas";
    /// Franken fish of size 5 with fins: only cells seeing every fin lose the digit. Evidence as for Franken fish; `fins` = every fin, endo fins (base candidates in two base sets) included, and `cells` leaves them out.
    FinnedFrankenSquirmbag = "finned-franken-squirmbag", "Finned Franken Squirmbag", "Squirmbag Franken con aleta",
        hodoku(Fish, 7000, 470, Extreme, OFF, se_approx(6.8)),
        "A Franken fish of size 5 with fins",
        "Un pez Franken de tamaño 5 con aletas";
    /// Franken fish of size 6 with fins: only cells seeing every fin lose the digit. Evidence as for Franken fish; `fins` = every fin, endo fins (base candidates in two base sets) included, and `cells` leaves them out.
    FinnedFrankenWhale = "finned-franken-whale", "Finned Franken Whale", "Whale Franken con aleta",
        hodoku(Fish, 7100, 470, Extreme, OFF, se_approx(6.8)),
        "A Franken fish of size 6 with fins",
        "Un pez Franken de tamaño 6 con aletas";
    /// Franken fish of size 7 with fins: only cells seeing every fin lose the digit. Evidence as for Franken fish; `fins` = every fin, endo fins (base candidates in two base sets) included, and `cells` leaves them out.
    FinnedFrankenLeviathan = "finned-franken-leviathan", "Finned Franken Leviathan", "Leviathan Franken con aleta",
        hodoku(Fish, 7200, 470, Extreme, OFF, se_approx(6.8)),
        "A Franken fish of size 7 with fins",
        "Un pez Franken de tamaño 7 con aletas";
    /// Mutant fish of size 2. Evidence as for Franken fish.
    MutantXWing = "mutant-x-wing", "Mutant X-Wing", "X-Wing mutante",
        hodoku(Fish, 7300, 450, Extreme, OFF, se_approx(7.0)),
        "A fish of size 2 mixing rows, columns and boxes freely",
        "Un pez de tamaño 2 que mezcla libremente filas, columnas y cajas";
    /// Mutant fish of size 3. Evidence as for Franken fish.
    MutantSwordfish = "mutant-swordfish", "Mutant Swordfish", "Swordfish mutante",
        hodoku(Fish, 7400, 450, Extreme, OFF, se_approx(7.0)),
        "A fish of size 3 mixing rows, columns and boxes freely",
        "Un pez de tamaño 3 que mezcla libremente filas, columnas y cajas";
    /// Mutant fish of size 4. Evidence as for Franken fish.
    MutantJellyfish = "mutant-jellyfish", "Mutant Jellyfish", "Jellyfish mutante",
        hodoku(Fish, 7500, 450, Extreme, OFF, se_approx(7.0)),
        "A fish of size 4 mixing rows, columns and boxes freely",
        "Un pez de tamaño 4 que mezcla libremente filas, columnas y cajas";
    /// Mutant fish of size 5. Evidence as for Franken fish.
    MutantSquirmbag = "mutant-squirmbag", "Mutant Squirmbag", "Squirmbag mutante",
        hodoku(Fish, 7600, 470, Extreme, OFF, se_approx(7.0)),
        "A fish of size 5 mixing rows, columns and boxes freely",
        "Un pez de tamaño 5 que mezcla libremente filas, columnas y cajas";
    /// Mutant fish of size 6. Evidence as for Franken fish.
    MutantWhale = "mutant-whale", "Mutant Whale", "Whale mutante",
        hodoku(Fish, 7700, 470, Extreme, OFF, se_approx(7.0)),
        "A fish of size 6 mixing rows, columns and boxes freely",
        "Un pez de tamaño 6 que mezcla libremente filas, columnas y cajas";
    /// Mutant fish of size 7. Evidence as for Franken fish.
    MutantLeviathan = "mutant-leviathan", "Mutant Leviathan", "Leviathan mutante",
        hodoku(Fish, 7800, 470, Extreme, OFF, se_approx(7.0)),
        "A fish of size 7 mixing rows, columns and boxes freely",
        "Un pez de tamaño 7 que mezcla libremente filas, columnas y cajas";
    /// Mutant fish of size 2 with fins. Evidence as for finned Franken fish.
    FinnedMutantXWing = "finned-mutant-x-wing", "Finned Mutant X-Wing", "X-Wing mutante con aleta",
        hodoku(Fish, 7900, 470, Extreme, OFF, se_approx(7.0)),
        "A Mutant fish of size 2 with fins",
        "Un pez mutante de tamaño 2 con aletas";
    /// Mutant fish of size 3 with fins. Evidence as for finned Franken fish.
    FinnedMutantSwordfish = "finned-mutant-swordfish", "Finned Mutant Swordfish", "Swordfish mutante con aleta",
        hodoku(Fish, 8000, 470, Extreme, OFF, se_approx(7.0)),
        "A Mutant fish of size 3 with fins",
        "Un pez mutante de tamaño 3 con aletas";
    /// Mutant fish of size 4 with fins. Evidence as for finned Franken fish.
    FinnedMutantJellyfish = "finned-mutant-jellyfish", "Finned Mutant Jellyfish", "Jellyfish mutante con aleta",
        hodoku(Fish, 8100, 470, Extreme, OFF, se_approx(7.0)),
        "A Mutant fish of size 4 with fins",
        "Un pez mutante de tamaño 4 con aletas";
    /// Mutant fish of size 5 with fins. Evidence as for finned Franken fish.
    FinnedMutantSquirmbag = "finned-mutant-squirmbag", "Finned Mutant Squirmbag", "Squirmbag mutante con aleta",
        hodoku(Fish, 8200, 470, Extreme, OFF, se_approx(7.0)),
        "A Mutant fish of size 5 with fins",
        "Un pez mutante de tamaño 5 con aletas";
    /// Mutant fish of size 6 with fins. Evidence as for finned Franken fish.
    FinnedMutantWhale = "finned-mutant-whale", "Finned Mutant Whale", "Whale mutante con aleta",
        hodoku(Fish, 8300, 470, Extreme, OFF, se_approx(7.0)),
        "A Mutant fish of size 6 with fins",
        "Un pez mutante de tamaño 6 con aletas";
    /// Mutant fish of size 7 with fins. Evidence as for finned Franken fish.
    FinnedMutantLeviathan = "finned-mutant-leviathan", "Finned Mutant Leviathan", "Leviathan mutante con aleta",
        hodoku(Fish, 8400, 470, Extreme, OFF, se_approx(7.0)),
        "A Mutant fish of size 7 with fins",
        "Un pez mutante de tamaño 7 con aletas";
    /// Two 2-String Kites on one digit sharing the box cells. Evidence: both kites' cells and links, kite by kite.
    DualTwoStringKite = "dual-two-string-kite", "Dual 2-String Kite", "Cometa doble",
        hodoku(SingleDigit, 3100, 150, Hard, OFF, se_approx(6.6)),
        "Two 2-String Kites sharing their box: both eliminations at once",
        "Dos cometas que comparten su caja: ambas eliminaciones a la vez";
    /// Two empty rectangles on one digit sharing the box and the conjugate pair. Evidence as for two empty rectangles.
    DualEmptyRectangle = "dual-empty-rectangle", "Dual Empty Rectangle", "Rectángulo vacío doble",
        hodoku(SingleDigit, 3170, 120, Hard, OFF, se_approx(6.6)),
        "Two empty rectangles sharing a box and a conjugate pair: both eliminations at once",
        "Dos rectángulos vacíos que comparten caja y par conjugado: ambas eliminaciones a la vez";
    /// Sue de Coq (HoDoKu's extended forms too: two or three crossing cells, line and box sets with digits from outside the crossing). Evidence: `cells` = the crossing cells, then the line set, then the box set; `fins` = the line set again (HoDoKu draws it as fins; it splits `cells`); `houses` = [line, box]; `digits` = the crossing's digits.
    SueDeCoq = "sue-de-coq", "Sue de Coq", "Sue de Coq",
        hodoku(Als, 5300, 250, Unfair, ON, se_approx(6.6)),
        "Cells of a box-line crossing with two more digits than cells, split by a set in the line and one in the box",
        "Casillas del cruce de caja y línea con dos dígitos más que casillas, repartidos entre un conjunto de la línea y otro de la caja";
    /// Almost locked sets, XZ rule, singly or doubly linked. Evidence: `cells` = set A then set B, `houses` = the house of each set, `digits` = the restricted common digits (x; two when doubly linked), `links` = the weak link of each x between its closest places in A and B, `chains` = `(z)A=(x)A-(x)B=(z)B` per eliminated digit z (ALS nodes) when singly linked, the loop `(x1)A=(x2)A-(x2)B=(x1)B-(x1)A` when doubly linked.
    AlsXz = "als-xz", "ALS-XZ", "ALS-XZ",
        hodoku(Als, 5700, 300, Unfair, ON, se_approx(7.0)),
        "Two almost locked sets joined by a restricted common digit x: a common digit z leaves cells seeing all its places",
        "Dos conjuntos casi bloqueados unidos por un dígito común restringido x: un dígito común z sale de quien vea todos sus sitios";
    /// ALS-XY-Wing. Evidence: `cells` = wing A, wing B, then the pivot C (HoDoKu's order); `houses` = each set's house, same order; `digits` = the digits of both restricted commons; `links` = the weak links A–C (x) and C–B (y); `chains` = `(z)A=(x)A-(x)C=(y)C-(y)B=(z)B` per eliminated digit z (ALS nodes).
    AlsXyWing = "als-xy-wing", "ALS-XY-Wing", "ALS-XY-Wing",
        hodoku(Als, 5800, 320, Unfair, ON, se_approx(7.2)),
        "Three almost locked sets: a pivot joined to two wings, which then behave as one ALS-XZ",
        "Tres conjuntos casi bloqueados: un pivote unido a dos alas, que se comportan como un ALS-XZ";
    /// ALS-XY-Chain (four or more sets). Evidence: `cells` = the sets in chain order, `houses` = each set's house, `digits` = the restricted common digits in use, `links` = the weak link of each digit in use between consecutive sets, `chains` = `(z)S1=(x1)S1-(x1)S2=(x2)S2-…=(z)Sn` per eliminated digit z (ALS nodes).
    AlsXyChain = "als-xy-chain", "ALS-XY-Chain", "Cadena ALS-XY",
        hodoku(Als, 5900, 340, Unfair, ON, se_approx(7.4)),
        "A chain of almost locked sets joined by restricted common digits",
        "Una cadena de conjuntos casi bloqueados unidos por dígitos comunes restringidos";
    /// Death Blossom. Evidence: `cells` = the stem, then each petal set (by stem digit); `houses` = each petal's house; `digits` = the stem's candidates; `links` = the weak link from each stem candidate d to its petal's closest d; `chains` = `(d)stem-(d)P=(z)P` per petal P and eliminated digit z.
    DeathBlossom = "death-blossom", "Death Blossom", "Death Blossom",
        hodoku(Als, 6000, 360, Unfair, OFF, se_approx(7.5)),
        "A stem cell whose every candidate sees an almost locked set: a digit common to the sets leaves cells seeing all its places",
        "Una casilla tallo cuyos candidatos ven cada uno un conjunto casi bloqueado: un dígito común sale de quien vea todos sus sitios";
    /// Continuous nice loop, in Eureka notation. Evidence: `chains` = the chain from HoDoKu's premise (first node) to the node closing it, one node per candidate literal (a cell switching digits shows as two nodes); `links` = its links in order (strong when leading to a true node); `cells` = its cells in order, each once; `digits` = its digits; `houses` empty.
    ContinuousNiceLoop = "continuous-nice-loop", "Continuous nice loop", "Bucle continuo (nice loop)",
        hodoku(Chains, 5600, 280, Unfair, ON, se_approx(7.0)),
        "A closed alternating loop: every weak link becomes strong, its houses lose the other candidates",
        "Un bucle alterno cerrado: cada enlace débil se vuelve fuerte y sus unidades pierden los demás candidatos";
    /// Discontinuous nice loop, in Eureka notation. Evidence: `chains` = the chain from HoDoKu's premise (first node) to the node closing it, one node per candidate literal (a cell switching digits shows as two nodes); `links` = its links in order (strong when leading to a true node); `cells` = its cells in order, each once; `digits` = its digits; `houses` empty.
    DiscontinuousNiceLoop = "discontinuous-nice-loop", "Discontinuous nice loop", "Bucle discontinuo (nice loop)",
        hodoku(Chains, 5600, 280, Unfair, ON, se_approx(7.0)),
        "A loop with one discontinuity: its candidate is true or false",
        "Un bucle con una discontinuidad: su candidato es verdadero o falso";
    /// AIC, in Eureka notation. Evidence: `chains` = the chain from HoDoKu's premise (first node) to the node closing it, one node per candidate literal (a cell switching digits shows as two nodes); `links` = its links in order (strong when leading to a true node); `cells` = its cells in order, each once; `digits` = its digits; `houses` empty.
    Aic = "aic", "AIC", "Cadena AIC",
        hodoku(Chains, 5600, 280, Unfair, ON, se_approx(7.0)),
        "Alternating inference chain: a candidate seeing both ends, strong at both, is false",
        "Cadena de inferencias alternas: un candidato que ve ambos extremos, fuertes, es falso";
    /// Grouped Continuous nice loop: Nodes may be groups (a digit in two or three cells of one box and one line; almost locked sets are not used, HoDoKu's default). Evidence as for the plain form; a group is one node of `chains` with all its cells, and stands for its first cell in `links`.
    GroupedContinuousNiceLoop = "grouped-continuous-nice-loop", "Grouped continuous nice loop", "Bucle continuo (nice loop) agrupado",
        hodoku(Chains, 5650, 300, Unfair, ON, se_approx(7.0)),
        "A closed alternating loop: every weak link becomes strong, its houses lose the other candidates (with grouped nodes)",
        "Un bucle alterno cerrado: cada enlace débil se vuelve fuerte y sus unidades pierden los demás candidatos (con nodos agrupados)";
    /// Grouped Discontinuous nice loop: Nodes may be groups (a digit in two or three cells of one box and one line; almost locked sets are not used, HoDoKu's default). Evidence as for the plain form; a group is one node of `chains` with all its cells, and stands for its first cell in `links`.
    GroupedDiscontinuousNiceLoop = "grouped-discontinuous-nice-loop", "Grouped discontinuous nice loop", "Bucle discontinuo (nice loop) agrupado",
        hodoku(Chains, 5650, 300, Unfair, ON, se_approx(7.0)),
        "A loop with one discontinuity: its candidate is true or false (with grouped nodes)",
        "Un bucle con una discontinuidad: su candidato es verdadero o falso (con nodos agrupados)";
    /// Grouped AIC: Nodes may be groups (a digit in two or three cells of one box and one line; almost locked sets are not used, HoDoKu's default). Evidence as for the plain form; a group is one node of `chains` with all its cells, and stands for its first cell in `links`.
    GroupedAic = "grouped-aic", "Grouped AIC", "Cadena AIC agrupado",
        hodoku(Chains, 5650, 300, Unfair, ON, se_approx(7.0)),
        "Alternating inference chain: a candidate seeing both ends, strong at both, is false (with grouped nodes)",
        "Cadena de inferencias alternas: un candidato que ve ambos extremos, fuertes, es falso (con nodos agrupados)";
    /// Forcing chain, contradiction form. Evidence: `chains` = one chain per branch, each from the assumption (its first node: true when the first link is weak, false when strong) to a conflicting consequence; `links` = their links; `cells` = the assumption's cell; `digits` = its digit.
    ForcingChainContradiction = "forcing-chain-contradiction", "Forcing chain (contradiction)", "Cadena forzada (contradicción)",
        hodoku(Forcing, 8500, 500, Extreme, ON, se_approx(7.5)),
        "Assuming a candidate leads to a contradiction: it is false (or true)",
        "Suponer un candidato lleva a una contradicción: es falso (o verdadero)";
    /// Forcing chain, verity form. Evidence: `chains` = one chain per branch (the candidate's on and off, or every candidate of a cell, or every place of a digit in a house), each ending on the common consequence; `links` = their links; `cells` and `digits` = the branches' starting cells and digits.
    ForcingChainVerity = "forcing-chain-verity", "Forcing chain (verity)", "Cadena forzada (verdad)",
        hodoku(Forcing, 8500, 500, Extreme, ON, se_approx(7.5)),
        "Every candidate of a cell or house leads to the same conclusion: it holds",
        "Cada candidato de una casilla o unidad lleva a la misma conclusión: se cumple";
    /// Forcing net, contradiction form: the assumption propagates through singles (HoDoKu's four rounds of look-ahead); a result plain chains also give is a chain, not a net. Evidence as for forcing chains, each branch shown as the sequence of consequences that led to it.
    ForcingNetContradiction = "forcing-net-contradiction", "Forcing net (contradiction)", "Red forzada (contradicción)",
        hodoku(Forcing, 8600, 700, Extreme, ON, se_approx(8.5)),
        "Assuming a candidate leads, through a net of implications, to a contradiction",
        "Suponer un candidato lleva, por una red de implicaciones, a una contradicción";
    /// Forcing net, verity form (branches propagated through singles, as for the contradiction form). Evidence as for forcing chains.
    ForcingNetVerity = "forcing-net-verity", "Forcing net (verity)", "Red forzada (verdad)",
        hodoku(Forcing, 8600, 700, Extreme, ON, se_approx(8.5)),
        "Every branch of a cell or house leads, through nets, to the same conclusion",
        "Cada rama de una casilla o unidad lleva, por redes, a la misma conclusión";
    /// Kraken fish (`fish::kraken`). Evidence: the fish as for finned fish, plus
    /// `chains` = one per premise: each fin (type 1), or each base candidate of one cover set
    /// and each fin (type 2).
    KrakenFish = "kraken-fish", "Kraken fish", "Pez Kraken",
        hodoku(Forcing, 8450, 500, Extreme, OFF, se_approx(7.5)),
        "A finned fish whose fins each force the elimination through a chain",
        "Un pez con aletas cuyas aletas fuerzan cada una la eliminación mediante una cadena";
    /// Templates, set form. Evidence: `digits` = {d}.
    TemplateSet = "template-set", "Template set", "Plantilla (colocar)",
        hodoku(LastResort, 8700, 10000, Extreme, OFF, se_approx(9.0)),
        "Every valid placement pattern of a digit shares a cell: the digit goes there",
        "Todos los patrones válidos de un dígito comparten una casilla: el dígito va allí";
    /// Templates, delete form. Evidence: `digits` = {d}.
    TemplateDelete = "template-delete", "Template delete", "Plantilla (eliminar)",
        hodoku(LastResort, 8800, 10000, Extreme, OFF, se_approx(9.0)),
        "No valid placement pattern of a digit uses a cell: the digit leaves it",
        "Ningún patrón válido de un dígito usa una casilla: el dígito sale de ella";
    /// HoDoKu's brute force: the solution's digit in the middle empty cell.
    /// Evidence: `cells` = [the cell]. On in HoDoKu's default set (the
    /// grader's HoDoKu walk adds it, see [`crate::grade::hodoku_default_set`])
    /// but off in sudokit's, which finishes every puzzle without guessing.
    BruteForce = "brute-force", "Brute force", "Fuerza bruta",
        hodoku(LastResort, 8900, 10000, Extreme, OFF, se_approx(11.0)),
        "The solution's digit is placed without a deduction, as HoDoKu does when nothing else applies",
        "Se coloca el dígito de la solución sin deducción, como hace HoDoKu cuando nada más sirve";
    /// Sudoku Explainer's unique loop, type 1: a loop of 6, 8, 10 or more
    /// cells (see [`unique_loops`](crate::logic::uniqueness::unique_loops))
    /// with one cell holding extras, which loses the pair. Evidence for the
    /// four types: `cells` = the loop in order (type 3: then the other cells
    /// of the subset), `digits` = the pair, `fins` = the loop's cells with
    /// extras, `links` = the loop, one weak link on the pair's lower digit
    /// between each two consecutive cells (the last back to the first), so
    /// the loop's length is the number of links. SE's rating: 4.6 for 6
    /// cells, 4.7 for 8, 5.0 for 10 or more.
    UniqueLoop1 = "unique-loop-1", "Unique loop type 1", "Bucle único tipo 1",
        se_only(Uniqueness, 8601, OFF, se(4.6)),
        "A deadly loop of 6 or more cells, type 1 as for unique rectangles",
        "Un bucle mortal de 6 o más casillas, tipo 1 como en los rectángulos únicos";
    /// Sudoku Explainer's unique loop, type 2: every cell with extras holds
    /// the same single extra digit, which leaves the cells seeing all of
    /// them. Evidence as for type 1.
    UniqueLoop2 = "unique-loop-2", "Unique loop type 2", "Bucle único tipo 2",
        se_only(Uniqueness, 8602, OFF, se(4.6)),
        "A deadly loop of 6 or more cells, type 2 as for unique rectangles",
        "Un bucle mortal de 6 o más casillas, tipo 2 como en los rectángulos únicos";
    /// Sudoku Explainer's unique loop, type 3: the two `fins` share a house
    /// (`houses` holds it) and form, as one cell holding their extras, a naked
    /// subset with the cells after the loop in `cells` (the eliminations are
    /// the subset's digits elsewhere in the house), or, the other of them
    /// holding the pair, a hidden subset of the pair and other digits with
    /// those cells (the eliminations are other digits of those cells). SE
    /// adds 0.1 per cell after the loop (naked) or per cell beyond the first
    /// (hidden).
    UniqueLoop3 = "unique-loop-3", "Unique loop type 3", "Bucle único tipo 3",
        se_only(Uniqueness, 8603, OFF, se(4.6)),
        "A deadly loop of 6 or more cells, type 3 as for unique rectangles",
        "Un bucle mortal de 6 o más casillas, tipo 3 como en los rectángulos únicos";
    /// Sudoku Explainer's unique loop, type 4: the two `fins` share a house
    /// (`houses` holds it) where one digit of the pair has no other place, so
    /// both lose the other digit. Evidence otherwise as for type 1.
    UniqueLoop4 = "unique-loop-4", "Unique loop type 4", "Bucle único tipo 4",
        se_only(Uniqueness, 8604, OFF, se(4.6)),
        "A deadly loop of 6 or more cells, type 4 as for unique rectangles",
        "Un bucle mortal de 6 o más casillas, tipo 4 como en los rectángulos únicos";
    /// Sudoku Explainer's BUG type 1: without their BUG digits the cells
    /// would form a bivalue universal grave, and one cell holds every BUG
    /// digit, so it keeps one of them and loses its other candidates (one
    /// BUG digit: BUG+1's placement; SE also takes a cell of four or more
    /// candidates with several BUG digits). Evidence: `cells` and `fins` =
    /// [the BUG cell], `digits` = its BUG digits.
    Bug1 = "bug-1", "BUG type 1", "BUG tipo 1",
        se_only(Uniqueness, 8605, OFF, se(5.6)),
        "Bivalue universal grave, type 1: the one BUG cell keeps only its BUG digits",
        "Tumba universal bivalor, tipo 1: la única casilla BUG conserva solo sus dígitos BUG";
    /// Sudoku Explainer's BUG type 2: without their BUG digits the cells
    /// would form a bivalue universal grave; all BUG cells have the same one
    /// BUG digit, which leaves every cell seeing them all. Evidence for
    /// types 2 to 4: `cells` and `fins` = the BUG cells (type 3: `cells`
    /// then lists the other cells of the naked subset), `digits` = the BUG
    /// digits.
    Bug2 = "bug-2", "BUG type 2", "BUG tipo 2",
        se_only(Uniqueness, 8606, OFF, se(5.7)),
        "Bivalue universal grave, type 2",
        "Tumba universal bivalor, tipo 2";
    /// Sudoku Explainer's BUG type 3: the BUG cells share a house (`houses`
    /// holds it) and, as one cell holding the BUG digits, form a naked subset
    /// with other cells of it (SE: 5.7 + 0.1 per subset digit beyond one).
    Bug3 = "bug-3", "BUG type 3", "BUG tipo 3",
        se_only(Uniqueness, 8607, OFF, se(5.8)),
        "Bivalue universal grave, type 3",
        "Tumba universal bivalor, tipo 3";
    /// Sudoku Explainer's BUG type 4: two BUG cells in one house (`houses`
    /// holds it) share one digit that is no BUG digit, which has no other place
    /// there (`links` = [that strong link]): each keeps only that digit and
    /// its BUG digits.
    Bug4 = "bug-4", "BUG type 4", "BUG tipo 4",
        se_only(Uniqueness, 8608, OFF, se(5.7)),
        "Bivalue universal grave, type 4",
        "Tumba universal bivalor, tipo 4";
    /// Sudoku Explainer's aligned pair exclusion (see
    /// [`exclusion`](crate::logic::exclusion)). Evidence: `cells` = the two
    /// cells, then the excluding cells (seeing both) that rule out some way
    /// to fill them.
    AlignedPairExclusion = "aligned-pair-exclusion", "Aligned pair exclusion", "Exclusión de par alineado",
        se_only(Exclusion, 8609, OFF, se(6.2)),
        "Two cells seeing each other: combinations that empty a bivalue cell they both see are excluded",
        "Dos casillas que se ven: se excluyen las combinaciones que vaciarían una casilla bivalor que ambas ven";
    /// Sudoku Explainer's Bidirectional X-Cycle (6.5 + length bonus). Evidence: `chains` = one Eureka chain per branch (premise first), then those of nested chains; `links` = one link into every potential a branch rests on, from the one it was first deduced from (so SE's complexity is `links` plus the chains that are not loops).
    BidirectionalXCycle = "bidirectional-x-cycle", "Bidirectional X-Cycle", "Ciclo X bidireccional",
        se_only(SeChains, 8610, OFF, se(6.5)),
        "A closed loop on one digit: weak links become strong",
        "Un ciclo cerrado de un dígito: los enlaces débiles se vuelven fuertes";
    /// Sudoku Explainer's Bidirectional Y-Cycle (6.5 + length bonus). Evidence: `chains` = one Eureka chain per branch (premise first), then those of nested chains; `links` = one link into every potential a branch rests on, from the one it was first deduced from (so SE's complexity is `links` plus the chains that are not loops).
    BidirectionalYCycle = "bidirectional-y-cycle", "Bidirectional Y-Cycle", "Ciclo Y bidireccional",
        se_only(SeChains, 8611, OFF, se(6.5)),
        "A closed loop of bivalue cells",
        "Un ciclo cerrado de casillas bivalor";
    /// Sudoku Explainer's Forcing X-Chain (6.6 + length bonus). Evidence: `chains` = one Eureka chain per branch (premise first), then those of nested chains; `links` = one link into every potential a branch rests on, from the one it was first deduced from (so SE's complexity is `links` plus the chains that are not loops).
    ForcingXChain = "forcing-x-chain", "Forcing X-Chain", "Cadena X forzada",
        se_only(SeChains, 8612, OFF, se(6.6)),
        "A chain on one digit forcing a conclusion both ways",
        "Una cadena de un dígito que fuerza una conclusión en ambos sentidos";
    /// Sudoku Explainer's Forcing Y-Chain (6.6 + length bonus). Evidence: `chains` = one Eureka chain per branch (premise first), then those of nested chains; `links` = one link into every potential a branch rests on, from the one it was first deduced from (so SE's complexity is `links` plus the chains that are not loops).
    ForcingYChain = "forcing-y-chain", "Forcing Y-Chain", "Cadena Y forzada",
        se_only(SeChains, 8613, OFF, se(6.6)),
        "A chain of bivalue cells forcing a conclusion",
        "Una cadena de casillas bivalor que fuerza una conclusión";
    /// Sudoku Explainer's Bidirectional cycle (7.0 + length bonus). Evidence: `chains` = one Eureka chain per branch (premise first), then those of nested chains; `links` = one link into every potential a branch rests on, from the one it was first deduced from (so SE's complexity is `links` plus the chains that are not loops).
    BidirectionalCycle = "bidirectional-cycle", "Bidirectional cycle", "Ciclo bidireccional",
        se_only(SeChains, 8614, OFF, se(7.0)),
        "A closed loop mixing digit and cell links",
        "Un ciclo cerrado que mezcla enlaces de dígito y de casilla";
    /// Sudoku Explainer's Forcing chain (7.0 + length bonus). Evidence: `chains` = one Eureka chain per branch (premise first), then those of nested chains; `links` = one link into every potential a branch rests on, from the one it was first deduced from (so SE's complexity is `links` plus the chains that are not loops).
    ForcingXyChain = "forcing-xy-chain", "Forcing chain", "Cadena forzada (SE)",
        se_only(SeChains, 8615, OFF, se(7.0)),
        "A chain mixing digit and cell links forcing a conclusion",
        "Una cadena que mezcla enlaces de dígito y de casilla y fuerza una conclusión";
    /// Sudoku Explainer's Nishio forcing chain (7.5 + length bonus). Evidence: `chains` = one Eureka chain per branch (premise first), then those of nested chains; `links` = one link into every potential a branch rests on, from the one it was first deduced from (so SE's complexity is `links` plus the chains that are not loops).
    NishioForcingChain = "nishio-forcing-chain", "Nishio forcing chain", "Cadena forzada Nishio",
        se_only(SeChains, 8616, OFF, se(7.5)),
        "Assuming a candidate makes a digit lose every place: it is false",
        "Suponer un candidato deja a un dígito sin sitio: es falso";
    /// Sudoku Explainer's aligned triplet exclusion. Evidence: `cells` = the
    /// three cells, then the excluding cells (seeing all three) that rule
    /// out some way to fill them.
    AlignedTripletExclusion = "aligned-triplet-exclusion", "Aligned triplet exclusion", "Exclusión de trío alineado",
        se_only(Exclusion, 8617, OFF, se(7.5)),
        "Three cells: combinations that empty a cell they all see are excluded",
        "Tres casillas: se excluyen las combinaciones que vaciarían una casilla que todas ven";
    /// Sudoku Explainer's cell forcing chains (8.0 + length bonus). Evidence: `chains` = one Eureka chain per branch (premise first), then those of nested chains; `links` = one link into every potential a branch rests on, from the one it was first deduced from (so SE's complexity is `links` plus the chains that are not loops).
    CellForcingChains = "cell-forcing-chains", "Cell forcing chains", "Cadenas forzadas de casilla",
        se_only(SeChains, 8618, OFF, se(8.0)),
        "Every candidate of a cell leads to the same conclusion",
        "Cada candidato de una casilla lleva a la misma conclusión";
    /// Sudoku Explainer's region forcing chains (8.0 + length bonus). Evidence: `chains` = one Eureka chain per branch (premise first), then those of nested chains; `links` = one link into every potential a branch rests on, from the one it was first deduced from (so SE's complexity is `links` plus the chains that are not loops).
    RegionForcingChains = "region-forcing-chains", "Region forcing chains", "Cadenas forzadas de unidad",
        se_only(SeChains, 8619, OFF, se(8.0)),
        "Every place of a digit in a house leads to the same conclusion",
        "Cada sitio de un dígito en una unidad lleva a la misma conclusión";
    /// Sudoku Explainer's contradiction forcing chains (8.0 + length bonus). Evidence: `chains` = one Eureka chain per branch (premise first), then those of nested chains; `links` = one link into every potential a branch rests on, from the one it was first deduced from (so SE's complexity is `links` plus the chains that are not loops).
    ContradictionForcingChains = "contradiction-forcing-chains", "Contradiction forcing chains", "Cadenas forzadas por contradicción",
        se_only(SeChains, 8620, OFF, se(8.0)),
        "A candidate implies a contradiction",
        "Un candidato implica una contradicción";
    /// Sudoku Explainer's double forcing chains (8.0 + length bonus). Evidence: `chains` = one Eureka chain per branch (premise first), then those of nested chains; `links` = one link into every potential a branch rests on, from the one it was first deduced from (so SE's complexity is `links` plus the chains that are not loops).
    DoubleForcingChains = "double-forcing-chains", "Double forcing chains", "Cadenas forzadas dobles",
        se_only(SeChains, 8621, OFF, se(8.0)),
        "A candidate true and false both imply the same conclusion",
        "Un candidato verdadero y falso implican la misma conclusión";
    /// Sudoku Explainer's dynamic cell forcing chains (8.5 + length bonus). Evidence: `chains` = one Eureka chain per branch (premise first), then those of nested chains; `links` = one link into every potential a branch rests on, from the one it was first deduced from (so SE's complexity is `links` plus the chains that are not loops).
    DynamicCellForcingChains = "dynamic-cell-forcing-chains", "Dynamic cell forcing chains", "Cadenas forzadas dinámicas de casilla",
        se_only(SeChains, 8622, ON, se(8.5)),
        "Every candidate of a cell leads to the same conclusion",
        "Cada candidato de una casilla lleva a la misma conclusión";
    /// Sudoku Explainer's dynamic region forcing chains (8.5 + length bonus). Evidence: `chains` = one Eureka chain per branch (premise first), then those of nested chains; `links` = one link into every potential a branch rests on, from the one it was first deduced from (so SE's complexity is `links` plus the chains that are not loops).
    DynamicRegionForcingChains = "dynamic-region-forcing-chains", "Dynamic region forcing chains", "Cadenas forzadas dinámicas de unidad",
        se_only(SeChains, 8623, ON, se(8.5)),
        "Every place of a digit in a house leads to the same conclusion",
        "Cada sitio de un dígito en una unidad lleva a la misma conclusión";
    /// Sudoku Explainer's dynamic contradiction forcing chains (8.5 + length bonus). Evidence: `chains` = one Eureka chain per branch (premise first), then those of nested chains; `links` = one link into every potential a branch rests on, from the one it was first deduced from (so SE's complexity is `links` plus the chains that are not loops).
    DynamicContradictionForcingChains = "dynamic-contradiction-forcing-chains", "Dynamic contradiction forcing chains", "Cadenas forzadas dinámicas por contradicción",
        se_only(SeChains, 8624, ON, se(8.5)),
        "A candidate implies a contradiction",
        "Un candidato implica una contradicción";
    /// Sudoku Explainer's dynamic double forcing chains (8.5 + length bonus). Evidence: `chains` = one Eureka chain per branch (premise first), then those of nested chains; `links` = one link into every potential a branch rests on, from the one it was first deduced from (so SE's complexity is `links` plus the chains that are not loops).
    DynamicDoubleForcingChains = "dynamic-double-forcing-chains", "Dynamic double forcing chains", "Cadenas forzadas dinámicas dobles",
        se_only(SeChains, 8625, ON, se(8.5)),
        "A candidate true and false both imply the same conclusion",
        "Un candidato verdadero y falso implican la misma conclusión";
    /// Sudoku Explainer's dynamic forcing chains (+), nesting level 1 (9.0 + length bonus). Evidence as for dynamic forcing chains.
    DynamicForcingChainsPlus = "dynamic-forcing-chains-plus", "Dynamic forcing chains (+)", "Cadenas forzadas dinámicas (+)",
        se_only(SeChains, 8626, ON, se(9.0)),
        "Dynamic forcing chains that also use locked candidates, subsets and fish inside",
        "Cadenas forzadas dinámicas que usan también candidatos bloqueados, subconjuntos y peces dentro";
    /// Sudoku Explainer's nested forcing chains of its nesting level 2, "Dynamic Forcing Chains (+ Forcing Chains)" (9.5 + length bonus): dynamic forcing chains (+) that, when nothing else follows, run SE's forcing chains and cycles on the candidates left. Evidence as for dynamic forcing chains; `chains` holds the branches, then every nested chain used (its branches, then its own nested chains), and `links` those of each; SE's complexity counts the nested chains' too.
    NestedForcingChains1 = "nested-forcing-chains-1", "Nested forcing chains (level 1)", "Cadenas forzadas anidadas (nivel 1)",
        se_only(SeChains, 8627, ON, se(9.5)),
        "Dynamic forcing chains that use forcing chains and cycles inside",
        "Cadenas forzadas dinámicas que usan dentro cadenas forzadas y ciclos";
    /// Sudoku Explainer's nested forcing chains of its nesting level 3, "Dynamic Forcing Chains (+ Multiple Forcing Chains)" (10.0 + length bonus): as level 1, then SE's (static) cell and region forcing chains inside. Evidence as for nested forcing chains (level 1).
    NestedForcingChains2 = "nested-forcing-chains-2", "Nested forcing chains (level 2)", "Cadenas forzadas anidadas (nivel 2)",
        se_only(SeChains, 8628, ON, se(10.0)),
        "Dynamic forcing chains that use forcing chains and multiple forcing chains inside",
        "Cadenas forzadas dinámicas que usan dentro cadenas forzadas y cadenas forzadas múltiples";
    /// Sudoku Explainer's nested forcing chains of its nesting level 4, "Dynamic Forcing Chains (+ Dynamic Forcing Chains)" (10.5 + length bonus): dynamic forcing chains (+) that run SE's dynamic forcing chains inside. Evidence as for nested forcing chains (level 1).
    NestedForcingChains3 = "nested-forcing-chains-3", "Nested forcing chains (level 3)", "Cadenas forzadas anidadas (nivel 3)",
        se_only(SeChains, 8629, ON, se(10.5)),
        "Dynamic forcing chains that use dynamic forcing chains inside",
        "Cadenas forzadas dinámicas que usan dentro cadenas forzadas dinámicas";
    /// Sudoku Explainer's nested forcing chains of its nesting level 5, "Dynamic Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))" (11.0 + length bonus): dynamic forcing chains (+) that run SE's dynamic forcing chains, then its nested forcing chains (level 1), inside. Evidence as for nested forcing chains (level 1).
    NestedForcingChains4 = "nested-forcing-chains-4", "Nested forcing chains (level 4)", "Cadenas forzadas anidadas (nivel 4)",
        se_only(SeChains, 8630, ON, se(11.0)),
        "Dynamic forcing chains that use dynamic forcing chains and nested forcing chains (level 1) inside",
        "Cadenas forzadas dinámicas que usan dentro cadenas forzadas dinámicas y cadenas forzadas anidadas (nivel 1)";
}

/// A name that stands for several techniques on the command line, such as
/// `singles` or `unique-rectangle`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    name: &'static str,
    members: &'static [Technique],
    en: &'static str,
    es: &'static str,
}

impl Group {
    /// The kebab-case name.
    pub const fn name(self) -> &'static str {
        self.name
    }

    /// The techniques the name stands for, available or not.
    pub const fn members(self) -> &'static [Technique] {
        self.members
    }

    /// What the group holds, in one line, in `lang`.
    pub const fn summary(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en,
            Lang::Es => self.es,
        }
    }

    /// The family of the members (every group lies in one family).
    pub const fn family(self) -> Family {
        self.members[0].family()
    }
}

const fn group(
    name: &'static str,
    members: &'static [Technique],
    en: &'static str,
    es: &'static str,
) -> Group {
    Group {
        name,
        members,
        en,
        es,
    }
}

/// Every group, in the order the command line lists them.
pub const GROUPS: &[Group] = {
    use Technique as T;
    &[
        group(
            "singles",
            &[T::FullHouse, T::NakedSingle, T::HiddenSingle],
            "Full house, naked and hidden singles",
            "Casilla única, únicos desnudos y ocultos",
        ),
        group(
            "locked-candidates",
            &[T::LockedCandidatesPointing, T::LockedCandidatesClaiming],
            "Locked candidates, pointing and claiming",
            "Candidatos bloqueados, apuntando y reclamando",
        ),
        group(
            "finned-fish",
            &[
                T::FinnedXWing,
                T::SashimiXWing,
                T::FinnedSwordfish,
                T::SashimiSwordfish,
                T::FinnedJellyfish,
                T::SashimiJellyfish,
            ],
            "Finned and sashimi X-Wings, Swordfish and Jellyfish",
            "X-Wings, Swordfish y Jellyfish con aleta y sashimi",
        ),
        group(
            "franken-fish",
            &[
                T::FrankenXWing,
                T::FrankenSwordfish,
                T::FrankenJellyfish,
                T::FinnedFrankenXWing,
                T::FinnedFrankenSwordfish,
                T::FinnedFrankenJellyfish,
            ],
            "Franken fish of sizes 2 to 4, plain and finned",
            "Peces Franken de tamaños 2 a 4, simples y con aleta",
        ),
        group(
            "mutant-fish",
            &[
                T::MutantXWing,
                T::MutantSwordfish,
                T::MutantJellyfish,
                T::FinnedMutantXWing,
                T::FinnedMutantSwordfish,
                T::FinnedMutantJellyfish,
            ],
            "Mutant fish of sizes 2 to 4, plain and finned",
            "Peces mutantes de tamaños 2 a 4, simples y con aleta",
        ),
        group(
            "nice-loop",
            &[T::ContinuousNiceLoop, T::DiscontinuousNiceLoop, T::Aic],
            "Nice loops, continuous and discontinuous, and AICs",
            "Bucles (nice loops) continuos y discontinuos, y cadenas AIC",
        ),
        group(
            "grouped-nice-loop",
            &[
                T::GroupedContinuousNiceLoop,
                T::GroupedDiscontinuousNiceLoop,
                T::GroupedAic,
            ],
            "Grouped nice loops and AICs",
            "Bucles y cadenas AIC agrupados",
        ),
        group(
            "forcing-chain",
            &[T::ForcingChainContradiction, T::ForcingChainVerity],
            "Forcing chains, contradiction and verity",
            "Cadenas forzadas, por contradicción y por verdad",
        ),
        group(
            "forcing-net",
            &[T::ForcingNetContradiction, T::ForcingNetVerity],
            "Forcing nets, contradiction and verity",
            "Redes forzadas, por contradicción y por verdad",
        ),
        group(
            "unique-loop",
            &[
                T::UniqueLoop1,
                T::UniqueLoop2,
                T::UniqueLoop3,
                T::UniqueLoop4,
            ],
            "Unique loops, types 1 to 4",
            "Bucles únicos, tipos 1 a 4",
        ),
        group(
            "dynamic-forcing-chains",
            &[
                T::DynamicCellForcingChains,
                T::DynamicRegionForcingChains,
                T::DynamicContradictionForcingChains,
                T::DynamicDoubleForcingChains,
            ],
            "Sudoku Explainer's dynamic forcing chains, the four kinds",
            "Las cuatro clases de cadenas forzadas dinámicas de Sudoku Explainer",
        ),
        group(
            "nested-forcing-chains",
            &[
                T::DynamicForcingChainsPlus,
                T::NestedForcingChains1,
                T::NestedForcingChains2,
                T::NestedForcingChains3,
                T::NestedForcingChains4,
            ],
            "Sudoku Explainer's dynamic forcing chains (+) and nested levels",
            "Cadenas forzadas dinámicas (+) y niveles anidados de Sudoku Explainer",
        ),
        group(
            "unique-rectangle",
            &[
                T::UniqueRectangle1,
                T::UniqueRectangle2,
                T::UniqueRectangle3,
                T::UniqueRectangle4,
                T::UniqueRectangle5,
                T::UniqueRectangle6,
            ],
            "Unique rectangles, types 1 to 6",
            "Rectángulos únicos, tipos 1 a 6",
        ),
        group(
            "avoidable-rectangle",
            &[T::AvoidableRectangle1, T::AvoidableRectangle2],
            "Avoidable rectangles, types 1 and 2",
            "Rectángulos evitables, tipos 1 y 2",
        ),
        group(
            "simple-coloring",
            &[T::SimpleColorsTrap, T::SimpleColorsWrap],
            "Simple colors, trap and wrap",
            "Coloreado simple, trampa y envoltura",
        ),
        group(
            "multi-coloring",
            &[T::MultiColors1, T::MultiColors2],
            "Multi colors, types 1 and 2",
            "Coloreado múltiple, tipos 1 y 2",
        ),
    ]
};

/// The family of a technique: the module of [`crate::logic`] that finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Full house, naked and hidden singles ([`crate::logic::singles`]).
    Singles,
    /// Pointing, claiming, locked pairs and triples ([`crate::logic::intersections`]).
    Intersections,
    /// Naked and hidden pairs, triples and quads ([`crate::logic::subsets`]).
    Subsets,
    /// Basic, finned, sashimi, Franken and Mutant fish ([`crate::logic::fish`]).
    Fish,
    /// Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle and their
    /// duals ([`crate::logic::single_digit`]).
    SingleDigit,
    /// XY-Wing, XYZ-Wing, W-Wing ([`crate::logic::wings`]).
    Wings,
    /// Remote pairs, X- and XY-Chains, nice loops and AICs, plain and
    /// grouped ([`crate::logic::chains`]).
    Chains,
    /// Unique, hidden and avoidable rectangles, unique loops, BUGs
    /// ([`crate::logic::uniqueness`]).
    Uniqueness,
    /// Simple colors and multi colors ([`crate::logic::coloring`]).
    Coloring,
    /// Almost locked sets and Sue de Coq ([`crate::logic::als`]).
    Als,
    /// HoDoKu's forcing chains and nets, Kraken fish ([`crate::logic::forcing`]).
    Forcing,
    /// Aligned pair and triplet exclusion ([`crate::logic::exclusion`]).
    Exclusion,
    /// Sudoku Explainer's chains: cycles, forcing, Nishio, multiple, dynamic
    /// and nested forcing chains ([`crate::logic::se_chains`]).
    SeChains,
    /// Templates and HoDoKu's brute force ([`crate::logic::last_resort`]).
    LastResort,
}

impl Family {
    /// Every family, simplest first.
    pub const ALL: [Family; 14] = [
        Family::Singles,
        Family::Intersections,
        Family::Subsets,
        Family::Fish,
        Family::SingleDigit,
        Family::Wings,
        Family::Chains,
        Family::Uniqueness,
        Family::Coloring,
        Family::Als,
        Family::Forcing,
        Family::Exclusion,
        Family::SeChains,
        Family::LastResort,
    ];

    /// The kebab-case name: `singles`, `single-digit`, ...
    pub const fn name(self) -> &'static str {
        match self {
            Family::Singles => "singles",
            Family::Intersections => "intersections",
            Family::Subsets => "subsets",
            Family::Fish => "fish",
            Family::SingleDigit => "single-digit",
            Family::Wings => "wings",
            Family::Chains => "chains",
            Family::Uniqueness => "uniqueness",
            Family::Coloring => "coloring",
            Family::Als => "als",
            Family::Forcing => "forcing",
            Family::Exclusion => "exclusion",
            Family::SeChains => "se-chains",
            Family::LastResort => "last-resort",
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Technique {
    /// The family the technique belongs to.
    pub const fn family(self) -> Family {
        self.facts().family
    }

    /// Whether the technique is in sudokit's default set (see [`Facts::default`]).
    pub const fn is_default(self) -> bool {
        self.facts().default
    }

    /// The techniques that backtracking with deepening applies by default.
    pub const DEEPENING_DEFAULT: [Technique; 3] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
    ];

    /// Every technique in the solver's order ([`Facts::order`]); equal
    /// orders keep declaration order.
    pub fn solver_order() -> impl Iterator<Item = Technique> {
        let mut list = Technique::ALL.to_vec();
        list.sort_by_key(|t| t.facts().order);
        list.into_iter()
    }

    /// Whether the technique is implemented yet (its family module lists it).
    pub fn is_available(self) -> bool {
        crate::logic::implemented(self)
    }

    /// Every technique that is implemented, in declaration order.
    pub fn available() -> impl Iterator<Item = Technique> {
        Technique::ALL.iter().copied().filter(|t| t.is_available())
    }

    /// Whether the technique assumes the puzzle has exactly one solution:
    /// unique and hidden rectangles, avoidable rectangles and BUG+1, and
    /// brute force (which places the first solution's digit). On a
    /// puzzle with several solutions they can eliminate real solutions, so
    /// callers use them only on puzzles known to be unique (the human-style
    /// solver refuses other puzzles; deepening drops them, see
    /// [`crate::classic::deepening`]).
    pub const fn assumes_uniqueness(self) -> bool {
        matches!(self.family(), Family::Uniqueness) || matches!(self, Technique::BruteForce)
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Technique {
    type Err = String;

    /// Parses a kebab-case name (case-insensitive); `_` is taken for `-`.
    fn from_str(s: &str) -> Result<Technique, String> {
        let wanted = normalize(s);
        Technique::ALL
            .iter()
            .copied()
            .find(|t| t.name() == wanted)
            .ok_or_else(|| format!("unknown technique '{}'", s.trim()))
    }
}

fn normalize(s: &str) -> String {
    s.trim().to_ascii_lowercase().replace('_', "-")
}

/// Parses a comma-separated list of technique or group names, such as
/// `"singles,locked-candidates,x-wing"`, keeping the order given and dropping
/// repeats.
///
/// Spaces around names and empty items are ignored, so `""` is the empty
/// list. Errors name the culprit: `unknown technique 'foo'`, or
/// `technique 'x-wing' is not available yet` for a technique that exists but
/// is not implemented (for the three of SE's names its engine never
/// produces: `… is not available: Sudoku Explainer's engine never produces
/// it`). A group keeps its available members and is an error
/// only if it has none.
///
/// # Errors
/// The message above for the first name that is unknown or not available.
pub fn parse_techniques(list: &str) -> Result<Vec<Technique>, String> {
    let mut out = Vec::new();
    for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let wanted = normalize(item);
        let members: Vec<Technique> = match GROUPS.iter().find(|g| g.name == wanted) {
            Some(g) => g
                .members
                .iter()
                .copied()
                .filter(|t| t.is_available())
                .collect(),
            None => {
                let t: Technique = item.parse()?;
                if t.is_available() {
                    vec![t]
                } else if t.family() == Family::SeChains {
                    // Named for SE's ratings, but SE 1.2.1's chaining never
                    // produces them (see `crate::logic::se_chains`).
                    return Err(format!(
                        "technique '{wanted}' is not available: Sudoku Explainer's engine never produces it"
                    ));
                } else {
                    Vec::new()
                }
            }
        };
        if members.is_empty() {
            return Err(format!("technique '{wanted}' is not available yet"));
        }
        for t in members {
            if !out.contains(&t) {
                out.push(t);
            }
        }
    }
    Ok(out)
}

/// [`parse_techniques`] for a list that must name something: one that names
/// nothing (`""`, `" , "`) is refused, since the empty set finds no step
/// and is asked for only by a slip.
///
/// ```
/// use sudokit::logic::parse_named_techniques;
/// assert_eq!(parse_named_techniques("x-wing")?.len(), 1);
/// assert_eq!(
///     parse_named_techniques(" , ").unwrap_err(),
///     "',': the list names no technique"
/// );
/// # Ok::<(), String>(())
/// ```
///
/// # Errors
/// The list above, or [`parse_techniques`]'s errors.
pub fn parse_named_techniques(list: &str) -> Result<Vec<Technique>, String> {
    if list.split(',').all(|item| item.trim().is_empty()) {
        return Err(format!("'{}': the list names no technique", list.trim()));
    }
    parse_techniques(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_unique() {
        for &t in Technique::ALL {
            assert_eq!(t.name().parse::<Technique>(), Ok(t));
            assert_eq!(t.to_string(), t.name());
            assert_eq!(
                Technique::ALL
                    .iter()
                    .filter(|u| u.name() == t.name())
                    .count(),
                1
            );
            assert!(
                GROUPS.iter().all(|g| g.name != t.name()),
                "{t} is also a group"
            );
        }
        assert_eq!("Hidden_Single".parse(), Ok(Technique::HiddenSingle));
        for w in Technique::ALL.windows(2) {
            assert!(w[0] < w[1], "ALL is in declaration order");
        }
    }

    #[test]
    fn groups_and_summaries() {
        for g in GROUPS {
            assert!(
                g.members().iter().all(|t| t.family() == g.family()),
                "{}",
                g.name()
            );
            let available: Vec<Technique> = g
                .members()
                .iter()
                .copied()
                .filter(|t| t.is_available())
                .collect();
            match parse_techniques(g.name()) {
                Ok(list) => assert_eq!(list, available, "{}", g.name()),
                Err(e) => {
                    assert!(available.is_empty(), "{}", g.name());
                    assert!(e.ends_with("is not available yet"), "{e}");
                }
            }
            assert_ne!(g.summary(Lang::En), g.summary(Lang::Es));
        }
        for &t in Technique::ALL {
            let (en, es) = (t.summary(Lang::En), t.summary(Lang::Es));
            assert!(!en.is_empty() && !es.is_empty() && en != es, "{t}");
            assert!(!en.contains('\n') && !es.contains('\n'), "{t}");
            assert_ne!(t.title(Lang::En), "", "{t}");
        }
        for f in Family::ALL {
            assert!(Technique::ALL.iter().any(|t| t.family() == f), "{f}");
        }
    }

    #[test]
    fn parse_lists_and_groups() {
        assert_eq!(
            parse_techniques("hidden-single, full-house,,hidden-single"),
            Ok(vec![Technique::HiddenSingle, Technique::FullHouse])
        );
        assert_eq!(
            parse_techniques("singles"),
            Ok(Technique::DEEPENING_DEFAULT.to_vec())
        );
        assert_eq!(parse_techniques(""), Ok(vec![]));
        assert_eq!(
            parse_techniques("naked-single,foo"),
            Err("unknown technique 'foo'".to_string())
        );
        // Every technique of the table is implemented but three of SE's
        // names that its engine never produces.
        let missing: Vec<Technique> = Technique::ALL
            .iter()
            .copied()
            .filter(|t| !t.is_available())
            .collect();
        assert_eq!(
            missing,
            [
                Technique::ForcingYChain,
                Technique::ContradictionForcingChains,
                Technique::DoubleForcingChains
            ]
        );
        assert_eq!(
            parse_techniques("forcing-y-chain"),
            Err("technique 'forcing-y-chain' is not available: Sudoku Explainer's engine never produces it".to_string())
        );
        assert_eq!(
            parse_techniques("kraken-fish"),
            Ok(vec![Technique::KrakenFish])
        );
        assert!(
            Technique::DEEPENING_DEFAULT
                .iter()
                .all(|t| t.is_available())
        );
    }
}
