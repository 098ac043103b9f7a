//! Lookup tables for the band-oriented bitboards, computed at compile time.
//!
//! A *band word* holds one digit's candidates in one band (three rows) as 27
//! bits: bit `9 * row + col`, with `row` in `0..3` inside the band and `col`
//! in `0..9`. Three consecutive bits are a *minirow* (the cells a row shares
//! with a box); bit `3 * row + box` of a 9-bit *shrink* says whether that
//! minirow still holds a candidate.

/// The 27 cells of a band.
pub(crate) const BAND: u32 = (1 << 27) - 1;

/// The nine cells of a band word's first row.
pub(crate) const ROW0: u32 = 0x1ff;

/// Multiplying a 9-bit column set by this copies it onto the three rows.
pub(crate) const COLS_TO_ROWS: u32 = 1 | 1 << 9 | 1 << 18;

/// Whether a 3x3 0/1 matrix (bit `3 * i + j`) contains the permutation
/// matrix `p` (columns `p[0]`, `p[1]`, `p[2]` of rows 0, 1, 2).
const fn perm_bits(p: [u32; 3]) -> u32 {
    1 << p[0] | 1 << (3 + p[1]) | 1 << (6 + p[2])
}

/// The six 3x3 permutation matrices: a digit's three minirows in a band (one
/// per row, one per box) or its three minicolumns in a stack (one per band,
/// one per column) always form one of these.
const PERMS: [u32; 6] = [
    perm_bits(ORDERS[0]),
    perm_bits(ORDERS[1]),
    perm_bits(ORDERS[2]),
    perm_bits(ORDERS[3]),
    perm_bits(ORDERS[4]),
    perm_bits(ORDERS[5]),
];

/// The six orderings of three things, in the order of `PERMS`.
pub(crate) const ORDERS: [[u32; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// `PERM[m]`: the entries of the 3x3 matrix `m` that lie on some permutation
/// contained in `m`; 0 when there is none (a contradiction).
///
/// This is the whole of locked-candidate reasoning for one digit inside one
/// band (rows against boxes) or one stack (columns against boxes): an entry
/// on no permutation can never hold the digit.
pub(crate) static PERM: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut keep = 0;
        let mut i = 0;
        while i < 6 {
            if PERMS[i] & m as u32 == PERMS[i] {
                keep |= PERMS[i];
            }
            i += 1;
        }
        t[m] = keep as u16;
        m += 1;
    }
    t
};

/// `MINIROWS[s]`: for a 9-bit row segment, bit `k` set when box `k` of the
/// segment (bits `3k..3k+3`) holds a candidate.
pub(crate) static MINIROWS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut s = 0;
    while s < 512 {
        let mut v = 0;
        let mut k = 0;
        while k < 3 {
            if s >> (3 * k) & 7 != 0 {
                v |= 1 << k;
            }
            k += 1;
        }
        t[s] = v;
        s += 1;
    }
    t
};

/// `KEEP[s]`: the band-word mask of the minirows that survive the
/// permutation test on shrink `s` (0 when none does).
pub(crate) static KEEP: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let keep = PERM[s] as u32;
        let mut mask = 0;
        let mut bit = 0;
        while bit < 9 {
            if keep >> bit & 1 != 0 {
                let row = bit / 3;
                let bx = bit % 3;
                mask |= 7 << (9 * row + 3 * bx);
            }
            bit += 1;
        }
        t[s] = mask;
        s += 1;
    }
    t
};

/// `FORCED[f]`: for a set `f` of 3x3 matrix entries (bit `3 * i + j`) each
/// known to hold the digit, the entries still allowed: those sharing neither
/// a row nor a column with an entry of `f` other than themselves.
///
/// Used by the triad rule: a minirow (or minicolumn) where only three digits
/// remain possible must hold exactly those three, so each of them is forced
/// into it.
pub(crate) static FORCED: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut f = 0;
    while f < 512 {
        let mut allowed = 0;
        let mut e = 0;
        while e < 9 {
            let (i, j) = (e / 3, e % 3);
            let mut ok = true;
            let mut g = 0;
            while g < 9 {
                if f >> g & 1 != 0 && g != e && (g / 3 == i || g % 3 == j) {
                    ok = false;
                }
                g += 1;
            }
            if ok {
                allowed |= 1 << e;
            }
            e += 1;
        }
        t[f] = allowed;
        f += 1;
    }
    t
};

/// `CONFIGS[m]`: how many permutations the 3x3 matrix `m` contains (low
/// four bits) and, above them, the first (bits 4..13), the second (bits
/// 16..25) and the third (bits 32..41) of them in the order of `PERMS`.
///
/// A digit's band matrix with two or three permutations left is a choice
/// of two or three: which of them the digit's minirows follow.
pub(crate) static CONFIGS: [u64; 512] = {
    let mut t = [0u64; 512];
    let mut m = 0;
    while m < 512 {
        let mut n = 0u64;
        let mut found = [0u64; 3];
        let mut i = 0;
        while i < 6 {
            if PERMS[i] & m as u32 == PERMS[i] {
                if n < 3 {
                    found[n as usize] = PERMS[i] as u64;
                }
                n += 1;
            }
            i += 1;
        }
        t[m] = n | found[0] << 4 | found[1] << 16 | found[2] << 32;
        m += 1;
    }
    t
};

/// `MINIROW_CELLS[s]`: the band-word mask of the minirows in shrink `s`.
pub(crate) static MINIROW_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut mask = 0;
        let mut bit = 0;
        while bit < 9 {
            if s >> bit & 1 != 0 {
                mask |= 7 << (9 * (bit / 3) + 3 * (bit % 3));
            }
            bit += 1;
        }
        t[s] = mask;
        s += 1;
    }
    t
};

/// The cell's band (0..3) and its bit inside the band word.
pub(crate) const fn locate(cell: usize) -> (usize, u32) {
    (cell / 27, 1 << (cell % 27))
}

/// `PEERS[cell][band]`: the 20 cells sharing a row, column or box with
/// `cell`, as band words (lane 3 is padding and always 0).
pub(crate) static PEERS: [[u32; 4]; 81] = {
    let mut t = [[0u32; 4]; 81];
    let mut a = 0;
    while a < 81 {
        let mut b = 0;
        while b < 81 {
            let same_row = a / 9 == b / 9;
            let same_col = a % 9 == b % 9;
            let same_box = a / 27 == b / 27 && (a % 9) / 3 == (b % 9) / 3;
            if a != b && (same_row || same_col || same_box) {
                t[a][b / 27] |= 1 << (b % 27);
            }
            b += 1;
        }
        a += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perm_keeps_exactly_the_matched_entries() {
        assert_eq!(PERM[0x1ff], 0x1ff);
        assert_eq!(PERM[0], 0);
        // Identity only.
        assert_eq!(PERM[0b100_010_001], 0b100_010_001);
        // Row 0 forced to column 0: the column-0 entries of rows 1, 2 go.
        assert_eq!(PERM[0b111_111_001], 0b110_110_001);
        // Rows 0 and 1 both limited to column 0: impossible.
        assert_eq!(PERM[0b111_001_001], 0);
    }

    #[test]
    fn forced_entries_clear_their_row_and_column() {
        assert_eq!(FORCED[0], 0x1ff);
        // Entry (0, 0) forced: the rest of row 0 and column 0 go.
        assert_eq!(FORCED[1], 0b110_110_001);
        // A full permutation leaves itself.
        assert_eq!(FORCED[0b100_010_001], 0b100_010_001);
        for s in 0..512 {
            assert_eq!(KEEP[s], MINIROW_CELLS[PERM[s] as usize]);
        }
        assert_eq!(MINIROW_CELLS[0x1ff], BAND);
    }

    #[test]
    fn always_and_configs_follow_the_permutations() {
        for m in 0..512usize {
            let inside: Vec<u32> = PERMS
                .iter()
                .copied()
                .filter(|&p| p & m as u32 == p)
                .collect();
            let c = CONFIGS[m];
            assert_eq!(c & 15, inside.len() as u64);
            for (i, shift) in [4, 16, 32].into_iter().enumerate() {
                let want = inside.get(i).copied().unwrap_or(0);
                assert_eq!(c >> shift & 0x1ff, u64::from(want));
            }
        }
    }

    #[test]
    fn peers_count_twenty() {
        for p in &PEERS {
            assert_eq!(p.iter().map(|w| w.count_ones()).sum::<u32>(), 20);
            assert_eq!(p[3], 0);
        }
    }
}
