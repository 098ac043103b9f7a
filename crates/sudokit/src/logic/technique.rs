//! [`Technique`]: every solving technique by name, and the groups that
//! select several at once on the command line.
//!
//! Techniques are as fine-grained as HoDoKu's solution types (pointing and
//! claiming apart, each unique-rectangle type apart), because scores,
//! ratings and explanations differ between them. Names are kebab-case;
//! group names such as `locked-candidates` or `unique-rectangle` stand for
//! all their members.

use crate::classic::trace::Lang;
use std::fmt;
use std::str::FromStr;

macro_rules! techniques {
    ($($(#[$doc:meta])* $variant:ident = $name:literal, $en:literal, $es:literal;)*) => {
        /// A solving technique, named on the command line in kebab-case.
        ///
        /// Variants are listed family by family, roughly simplest first; the
        /// order in which the human-style solver tries them is its own.
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

            /// What the technique does, in one line, in `lang`.
            pub const fn summary(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $((Technique::$variant, Lang::En) => $en,
                      (Technique::$variant, Lang::Es) => $es,)*
                }
            }
        }
    };
}

techniques! {
    /// The last empty cell of a house gets the missing digit.
    /// Evidence: `houses` = [the house].
    FullHouse = "full-house",
        "The last empty cell of a house takes the missing digit",
        "La última casilla vacía de una unidad recibe el dígito que falta";
    /// A cell with a single candidate. Evidence: none beyond the placement.
    NakedSingle = "naked-single",
        "A cell with a single candidate takes it",
        "Una casilla con un solo candidato lo recibe";
    /// A digit with a single place in a house. Evidence: `houses` = [the house].
    HiddenSingle = "hidden-single",
        "A digit with a single place in a house goes there",
        "Un dígito con un solo sitio en una unidad va allí";
    /// A digit of a box confined to one row or column: it leaves the rest of
    /// that line. Evidence: `houses` = [box, line], `digits` = {d}, `cells` =
    /// the candidate cells in the box.
    LockedCandidatesPointing = "locked-candidates-pointing",
        "A digit confined to one line in a box leaves the rest of the line",
        "Un dígito limitado a una línea en una caja sale del resto de la línea";
    /// A digit of a row or column confined to one box: it leaves the rest of
    /// the box. Evidence: `houses` = [line, box], `digits` = {d}, `cells` =
    /// the candidate cells in the line.
    LockedCandidatesClaiming = "locked-candidates-claiming",
        "A digit confined to one box in a line leaves the rest of the box",
        "Un dígito limitado a una caja en una línea sale del resto de la caja";
    /// A naked pair inside the intersection of a box and a line: both houses
    /// lose its digits. Evidence: `houses` = [box, line], `cells`, `digits`.
    LockedPair = "locked-pair",
        "A naked pair in a box and a line at once clears both houses",
        "Un par desnudo en una caja y una línea a la vez limpia ambas unidades";
    /// A naked triple inside the intersection of a box and a line.
    /// Evidence as for [`Technique::LockedPair`].
    LockedTriple = "locked-triple",
        "A naked triple in a box and a line at once clears both houses",
        "Un trío desnudo en una caja y una línea a la vez limpia ambas unidades";
    /// Two cells of a house with the same two candidates.
    /// Evidence: `houses` = `[house]`, or `[box, line]` when the cells share
    /// both (the digits then leave both houses), `cells`, `digits`.
    NakedPair = "naked-pair",
        "Two cells of a house hold only the same two digits: the others lose them",
        "Dos casillas de una unidad solo tienen los mismos dos dígitos: las demás los pierden";
    /// Three cells of a house with three candidates among them.
    /// Evidence as for [`Technique::NakedPair`].
    NakedTriple = "naked-triple",
        "Three cells of a house hold only three digits: the others lose them",
        "Tres casillas de una unidad solo tienen tres dígitos: las demás los pierden";
    /// Four cells of a house with four candidates among them.
    /// Evidence as for [`Technique::NakedPair`].
    NakedQuad = "naked-quad",
        "Four cells of a house hold only four digits: the others lose them",
        "Cuatro casillas de una unidad solo tienen cuatro dígitos: las demás los pierden";
    /// Two digits confined to the same two cells of a house.
    /// Evidence: `houses` = `[house]`, `cells`, `digits`.
    HiddenPair = "hidden-pair",
        "Two digits confined to two cells of a house: those cells lose the rest",
        "Dos dígitos limitados a dos casillas de una unidad: esas casillas pierden el resto";
    /// Three digits confined to three cells of a house.
    /// Evidence as for [`Technique::HiddenPair`].
    HiddenTriple = "hidden-triple",
        "Three digits confined to three cells of a house: those cells lose the rest",
        "Tres dígitos limitados a tres casillas de una unidad: esas casillas pierden el resto";
    /// Four digits confined to four cells of a house.
    /// Evidence as for [`Technique::HiddenPair`].
    HiddenQuad = "hidden-quad",
        "Four digits confined to four cells of a house: those cells lose the rest",
        "Cuatro dígitos limitados a cuatro casillas de una unidad: esas casillas pierden el resto";
    /// Basic fish of size 2. Evidence: `houses` = base lines then cover
    /// lines, `digits` = {d}, `cells` = the candidate cells of the base.
    XWing = "x-wing",
        "A digit confined in two lines to two cross lines leaves the rest of them",
        "Un dígito limitado en dos líneas a dos líneas cruzadas sale del resto de ellas";
    /// Basic fish of size 3 (evidence as for X-Wing).
    Swordfish = "swordfish",
        "A digit confined in three lines to three cross lines leaves the rest of them",
        "Un dígito limitado en tres líneas a tres líneas cruzadas sale del resto de ellas";
    /// Basic fish of size 4 (evidence as for X-Wing).
    Jellyfish = "jellyfish",
        "A digit confined in four lines to four cross lines leaves the rest of them",
        "Un dígito limitado en cuatro líneas a cuatro líneas cruzadas sale del resto de ellas";
    /// Two conjugate pairs of one digit in parallel lines, one end of each
    /// in a common cross line (the other ends not): cells seeing both free
    /// ends lose the digit. Evidence: `cells` = [joined end, joined end,
    /// free end, free end] (each pair in the same order), `links` = the chain
    /// free = joined - joined = free (strong, weak, strong), `houses` = the
    /// house of each link (line, cross line, line), `digits` = {d}.
    Skyscraper = "skyscraper",
        "Two parallel conjugate pairs joined at one end: cells seeing both free ends lose the digit",
        "Dos pares conjugados paralelos unidos por un extremo: quien vea ambos extremos libres pierde el dígito";
    /// A row and a column conjugate pair of one digit, one end of each in a
    /// common box (four distinct cells): the cell in the row of the column's
    /// free end and the column of the row's free end loses the digit.
    /// Evidence as for Skyscraper, the row pair first: `houses` = [row, box,
    /// column].
    TwoStringKite = "two-string-kite",
        "A row pair and a column pair joined in a box: the cell seeing both free ends loses the digit",
        "Un par de fila y uno de columna unidos en una caja: la casilla que ve ambos extremos libres pierde el dígito";
    /// A box whose candidates for a digit lie on one row and one column of
    /// it (some off their crossing, two or more on one of them), and a
    /// conjugate pair from that row (column) to another cell: where that
    /// cell's row (column) meets the box's column (row) loses the digit.
    /// Evidence: `houses` = [box, row, column, the pair's line], `cells` =
    /// [pair end on the box's line, far end, then the box's candidates],
    /// `links` = [the strong link near end = far end], `digits` = {d}.
    EmptyRectangle = "empty-rectangle",
        "A box's candidates on one row and one column, with a conjugate pair: one elimination",
        "Los candidatos de una caja en una fila y una columna, con un par conjugado: una eliminación";
    /// Any other chain a = b - c = d of two conjugate pairs (in any houses)
    /// of one digit joined by a weak link: cells seeing a and d lose it.
    /// Evidence: `cells` = [a, b, c, d], `links` in chain order (strong,
    /// weak, strong), `houses` = the house of each link, `digits` = {d}.
    TurbotFish = "turbot-fish",
        "Two conjugate pairs joined by a weak link: cells seeing both ends lose the digit",
        "Dos pares conjugados unidos por un enlace débil: quien vea ambos extremos pierde el dígito";
    /// Pivot `xy`, pincers `xz` and `yz`: `z` leaves cells seeing both pincers.
    /// Evidence: `cells` = [pivot, pincer, pincer], `digits` = {x, y, z}; `z`
    /// is the digit eliminated (the one the pincers share).
    XyWing = "xy-wing",
        "Pivot xy with pincers xz and yz: cells seeing both pincers lose z",
        "Pivote xy con pinzas xz e yz: quien vea ambas pinzas pierde z";
    /// XY-wing whose pivot also holds `z`: only cells seeing all three lose
    /// `z`. Evidence as for XY-Wing.
    XyzWing = "xyz-wing",
        "An XY-Wing whose pivot also holds z: cells seeing all three lose z",
        "Un XY-Wing cuyo pivote también tiene z: quien vea las tres pierde z";
    /// Two equal bivalue cells `xy` joined by a conjugate pair on `y` (one
    /// end seeing each cell): `x` leaves cells seeing both. Evidence: `cells`
    /// = [cell, cell, end seeing the first, end seeing the second], `houses`
    /// = [the pair's house], `digits` = {x, y}, `links` = the chain
    /// x=y in the first cell, - y at its end = y at the other end -, y=x in
    /// the second cell (5 links, strong first).
    WWing = "w-wing",
        "Two equal cells xy joined by a conjugate pair on y: cells seeing both lose x",
        "Dos casillas iguales xy unidas por un par conjugado de y: quien vea ambas pierde x";
    /// A chain of four or more identical bivalue cells `ab`, each seeing the
    /// next: cells seeing two chain cells an odd number (3 or more) of cells
    /// apart lose `a` and `b`. Evidence: `cells` in chain order, `digits` =
    /// the pair, `links` = the chain (strong inside each cell, weak between
    /// cells, the first cell's lower digit first).
    RemotePair = "remote-pair",
        "A chain of equal bivalue cells: cells seeing two of opposite parity lose both digits",
        "Una cadena de casillas bivalor iguales: quien vea dos de paridad opuesta pierde ambos dígitos";
    /// Unique rectangle type 1: one corner has candidates beside the pair;
    /// it loses the pair. Evidence for all unique-rectangle types and the
    /// hidden rectangle: `cells` = the four corners in row-major order,
    /// `digits` = the rectangle's two digits, `fins` = the corners holding
    /// other candidates too (here the one that loses the pair).
    UniqueRectangle1 = "unique-rectangle-1",
        "Deadly rectangle with one corner holding extras: that corner loses the pair",
        "Rectángulo mortal con una esquina con extras: esa esquina pierde el par";
    /// Unique rectangle type 2: two corners in one row or column with the
    /// same single extra digit (the digit eliminated), which leaves every
    /// cell seeing both `fins`.
    UniqueRectangle2 = "unique-rectangle-2",
        "Deadly rectangle, two corners on a side share one extra: cells seeing both lose it",
        "Rectángulo mortal, dos esquinas de un lado comparten un extra: quien vea ambas lo pierde";
    /// Unique rectangle type 3: the two `fins` share a house and act as one
    /// cell holding their extra digits: with other cells of that house they
    /// form a naked subset. `cells` = the corners, then the other cells of
    /// the subset; `houses` = [the house], plus the box when the subset
    /// also lies in one box (a locked subset, eliminating in both). The
    /// subset's digits are the extras of the fins and the candidates of the
    /// other cells.
    UniqueRectangle3 = "unique-rectangle-3",
        "Deadly rectangle whose extras form a naked subset with other cells of a house",
        "Rectángulo mortal cuyos extras forman un subconjunto desnudo con otras casillas de una unidad";
    /// Unique rectangle type 4: the two `fins` share a row or column and one
    /// digit of the pair is confined to them in a house they share, so the
    /// other digit leaves both. `houses` = [that house], `links` = the strong
    /// link between the fins on the confined digit.
    UniqueRectangle4 = "unique-rectangle-4",
        "Deadly rectangle, a digit of the pair locked in the extra corners: they lose the other",
        "Rectángulo mortal, un dígito del par bloqueado en las esquinas extra: pierden el otro";
    /// Unique rectangle type 5: as type 2 with the `fins` diagonal, or three.
    UniqueRectangle5 = "unique-rectangle-5",
        "Deadly rectangle, diagonal or three corners share one extra: cells seeing them lose it",
        "Rectángulo mortal, esquinas en diagonal o tres comparten un extra: quien las vea lo pierde";
    /// Unique rectangle type 6: the two `fins` are diagonal and one digit of
    /// the pair lies only on the corners in both rows and both columns (an
    /// X-Wing): it leaves the fins. `houses` = the two rows, then the two
    /// columns.
    UniqueRectangle6 = "unique-rectangle-6",
        "Deadly rectangle, diagonal extras and an X-Wing on a digit of the pair: the extras lose it",
        "Rectángulo mortal, extras en diagonal y un X-Wing de un dígito del par: los extras lo pierden";
    /// Hidden rectangle: a corner with only the pair (if two such corners,
    /// diagonal); in the row and the column of the opposite corner one digit
    /// of the pair lies only on the rectangle, so the other digit leaves that
    /// corner. Evidence as for the unique rectangles, plus `houses` = [row,
    /// column] of that corner and `links` = its two strong links on the
    /// confined digit (row first).
    HiddenRectangle = "hidden-rectangle",
        "Deadly rectangle, a digit of the pair locked in a corner's row and column: it loses the other",
        "Rectángulo mortal, un dígito del par bloqueado en la fila y columna de una esquina: pierde el otro";
    /// Avoidable rectangle type 1: three corners solved (not given) as
    /// `a`, `b`, `b`; the empty corner cannot take `a`, the digit of its
    /// diagonal. Evidence: `cells` = the four corners in row-major order,
    /// `digits` = {a, b}. Found only with the givens:
    /// [`find_with_givens`](crate::logic::uniqueness::find_with_givens).
    AvoidableRectangle1 = "avoidable-rectangle-1",
        "Corners solved (not given) as a, b, b: the empty corner cannot take a",
        "Esquinas resueltas (no dadas) como a, b, b: la esquina vacía no puede tomar a";
    /// Avoidable rectangle type 2: two corners of one side solved (not
    /// given); the two empty corners each hold the digit of their diagonal
    /// and the same one extra digit (the digit eliminated), which leaves the
    /// cells seeing both. Evidence as for type 1, plus `fins` = the two
    /// empty corners.
    AvoidableRectangle2 = "avoidable-rectangle-2",
        "Two corners solved, the empty ones share one extra: cells seeing both lose it",
        "Dos esquinas resueltas, las vacías comparten un extra: quien vea ambas lo pierde";
    /// Bivalue universal grave plus one: every empty cell has two candidates
    /// but one with three, and one of its digits appears three times in each
    /// of its houses: the cell takes that digit. Evidence: `cells` = [the
    /// tri-value cell], `digits` = {the digit}, `houses` = its row, column
    /// and box.
    BugPlusOne = "bug-plus-one",
        "Every cell bivalue but one: it takes the digit seen three times in its houses",
        "Todas las casillas bivalor salvo una: toma el dígito que aparece tres veces en sus unidades";
    /// X-Wing with fins: base candidates outside the cover lines, all in
    /// one box; the digit leaves the cover-line cells of that box (they see
    /// every fin). Evidence: `houses` = base lines then cover lines,
    /// `digits` = {d}, `cells` = the base candidates in the cover lines,
    /// `fins` = the base candidates outside them.
    FinnedXWing = "finned-x-wing",
        "An X-Wing with fins in one box: the digit leaves that box's cover cells",
        "Un X-Wing con aletas en una caja: el dígito sale de las casillas cubiertas de esa caja";
    /// Finned X-Wing one of whose base lines keeps at most one candidate in
    /// the cover lines (a corner is missing). Evidence as for finned X-Wing.
    SashimiXWing = "sashimi-x-wing",
        "A finned X-Wing with a corner missing",
        "Un X-Wing con aleta al que le falta una esquina";
    /// Simple colors, color trap: a cell seeing both colors of a cluster of
    /// conjugate pairs loses the digit. Evidence: `links` = every conjugate
    /// pair of the cluster (house order), each from a first-color cell to a
    /// second-color cell; `cells` = the first color's cells, then the
    /// second's (row-major each); `digits` = {d}.
    /// [`crate::logic::coloring::color_classes`] splits the colors.
    SimpleColorsTrap = "simple-colors-trap",
        "Two colors of a digit's conjugate pairs: cells seeing both colors lose it",
        "Dos colores de los pares conjugados de un dígito: quien vea ambos colores lo pierde";
    /// Simple colors, color wrap: two cells of one color see each other, so
    /// every cell of that color loses the digit. Evidence as for the trap.
    SimpleColorsWrap = "simple-colors-wrap",
        "Two cells of one color see each other: that color is false",
        "Dos casillas del mismo color se ven: ese color es falso";
    /// Multi colors type 1: a color of one cluster sees a color of another,
    /// so cells seeing both opposite colors lose the digit. Evidence as for
    /// simple colors, both clusters (cells and links of the first, then of
    /// the second).
    MultiColors1 = "multi-colors-1",
        "Colors of two clusters see each other: cells seeing both opposites lose the digit",
        "Colores de dos grupos se ven: quien vea ambos opuestos pierde el dígito";
    /// Multi colors type 2: the cells of a color see both colors of another
    /// cluster, so that color is false. Evidence as for type 1, the cluster
    /// of the false color first.
    MultiColors2 = "multi-colors-2",
        "A color sees both colors of another cluster: it is false",
        "Un color ve ambos colores de otro grupo: es falso";
    /// Alternating chain on one digit, strong links (conjugate pairs) at
    /// both ends, 3 links or more: cells seeing both ends lose the digit.
    /// Evidence: `cells` and `links` in chain order, `houses` = the house of
    /// each link, `digits` = {d}.
    XChain = "x-chain",
        "An alternating chain on one digit, strong at both ends: cells seeing both ends lose it",
        "Cadena alterna de un dígito, fuerte en los extremos: quien vea ambos extremos lo pierde";
    /// Chain of bivalue cells, each seeing the next, starting and ending on
    /// digit `a`: cells seeing both ends lose `a`. Evidence: `cells` in chain
    /// order, `links` in chain order (strong inside each cell, weak between
    /// cells, from the first cell's `a` to the last cell's `a`), `digits` =
    /// the chain cells' candidates.
    XyChain = "xy-chain",
        "A chain of bivalue cells from digit a to digit a: cells seeing both ends lose a",
        "Cadena de casillas bivalor de un dígito a al mismo a: quien vea ambos extremos pierde a";
    /// Alternating inference chain (a later issue).
    Aic = "aic",
        "Alternating inference chain (not available yet)",
        "Cadena de inferencias alternas (aún no disponible)";
    /// Almost locked sets, XZ rule (a later issue).
    AlsXz = "als-xz",
        "Almost locked sets, XZ rule (not available yet)",
        "Conjuntos casi bloqueados, regla XZ (aún no disponible)";
    /// Forcing chains (a later issue).
    ForcingChain = "forcing-chain",
        "Forcing chains (not available yet)",
        "Cadenas forzadas (aún no disponible)";
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
            &[T::FinnedXWing, T::SashimiXWing],
            "Finned and sashimi X-Wings",
            "X-Wings con aleta y sashimi",
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
    /// X-Wing, Swordfish, Jellyfish, finned and sashimi fish ([`crate::logic::fish`]).
    Fish,
    /// Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle
    /// ([`crate::logic::single_digit`]).
    SingleDigit,
    /// XY-Wing, XYZ-Wing, W-Wing ([`crate::logic::wings`]).
    Wings,
    /// Remote pairs, X-Chains and XY-Chains ([`crate::logic::chains`]).
    Chains,
    /// Unique, hidden and avoidable rectangles, BUG+1 ([`crate::logic::uniqueness`]).
    Uniqueness,
    /// Simple colors and multi colors ([`crate::logic::coloring`]).
    Coloring,
    /// Techniques not implemented yet (AIC, ALS-XZ, forcing chains).
    Planned,
}

impl Family {
    /// Every family, simplest first.
    pub const ALL: [Family; 10] = [
        Family::Singles,
        Family::Intersections,
        Family::Subsets,
        Family::Fish,
        Family::SingleDigit,
        Family::Wings,
        Family::Chains,
        Family::Uniqueness,
        Family::Coloring,
        Family::Planned,
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
            Family::Planned => "planned",
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
        use Technique as T;
        match self {
            T::FullHouse | T::NakedSingle | T::HiddenSingle => Family::Singles,
            T::LockedCandidatesPointing
            | T::LockedCandidatesClaiming
            | T::LockedPair
            | T::LockedTriple => Family::Intersections,
            T::NakedPair
            | T::NakedTriple
            | T::NakedQuad
            | T::HiddenPair
            | T::HiddenTriple
            | T::HiddenQuad => Family::Subsets,
            T::XWing | T::Swordfish | T::Jellyfish | T::FinnedXWing | T::SashimiXWing => {
                Family::Fish
            }
            T::Skyscraper | T::TwoStringKite | T::EmptyRectangle | T::TurbotFish => {
                Family::SingleDigit
            }
            T::XyWing | T::XyzWing | T::WWing => Family::Wings,
            T::RemotePair | T::XChain | T::XyChain => Family::Chains,
            T::UniqueRectangle1
            | T::UniqueRectangle2
            | T::UniqueRectangle3
            | T::UniqueRectangle4
            | T::UniqueRectangle5
            | T::UniqueRectangle6
            | T::HiddenRectangle
            | T::AvoidableRectangle1
            | T::AvoidableRectangle2
            | T::BugPlusOne => Family::Uniqueness,
            T::SimpleColorsTrap | T::SimpleColorsWrap | T::MultiColors1 | T::MultiColors2 => {
                Family::Coloring
            }
            T::Aic | T::AlsXz | T::ForcingChain => Family::Planned,
        }
    }

    /// The techniques that backtracking with deepening applies by default.
    pub const DEEPENING_DEFAULT: [Technique; 3] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
    ];

    /// Whether the technique is implemented yet (its family module lists it).
    pub fn is_available(self) -> bool {
        crate::logic::implemented(self)
    }

    /// Every technique that is implemented, in declaration order.
    pub fn available() -> impl Iterator<Item = Technique> {
        Technique::ALL.iter().copied().filter(|t| t.is_available())
    }

    /// Whether the technique assumes the puzzle has exactly one solution:
    /// unique and hidden rectangles, avoidable rectangles and BUG+1. On a
    /// puzzle with several solutions they can eliminate real solutions, so
    /// callers use them only on puzzles known to be unique (the human-style
    /// solver refuses other puzzles; deepening drops them, see
    /// [`crate::classic::deepening`]).
    pub const fn assumes_uniqueness(self) -> bool {
        matches!(self.family(), Family::Uniqueness)
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
/// is not implemented. A group keeps its available members and is an error
/// only if it has none.
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
            assert_eq!(
                parse_techniques(g.name()).unwrap(),
                g.members(),
                "{}",
                g.name()
            );
            assert_ne!(g.summary(Lang::En), g.summary(Lang::Es));
        }
        for &t in Technique::ALL {
            let (en, es) = (t.summary(Lang::En), t.summary(Lang::Es));
            assert!(!en.is_empty() && !es.is_empty() && en != es, "{t}");
            assert!(!en.contains('\n') && !es.contains('\n'), "{t}");
            assert_eq!(t.is_available(), !en.contains("not available"), "{t}");
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
        assert_eq!(
            parse_techniques("forcing-chain"),
            Err("technique 'forcing-chain' is not available yet".to_string())
        );
        assert!(
            Technique::DEEPENING_DEFAULT
                .iter()
                .all(|t| t.is_available())
        );
    }
}
