//! "No step here" carried forward along a walk, for ALS-XZ,
//! ALS-XY-Wing and Sue de Coq (whose argument is in
//! [`super::sue_de_coq::any_with`]).
//!
//! Candidates only disappear along a walk. A set whose cells keep their
//! candidates is the same almost locked set, linked to the other such sets
//! by the same restricted commons (they depend on the two sets' cells
//! alone); and the cells seeing all places of a digit in a set can only
//! lose that digit. So a pattern of such sets eliminates now a subset of
//! what it eliminated on the earlier position: nothing, if the technique
//! found nothing there. A step can then only use a changed set, and when
//! no pattern with one eliminates, the technique has nothing here either:
//! the full search (and so the step HoDoKu takes) runs only when one may.

use super::Key;
use std::cell::RefCell;

/// The techniques with a record: ALS-XZ, ALS-XY-Wing, Sue de Coq.
pub(super) const SLOTS: usize = 3;

thread_local! {
    /// Per technique, a position (digits and candidates) where its full
    /// search found nothing: a fact about that position, whoever asks next.
    static BARREN: RefCell<[Option<Key>; SLOTS]> = const { RefCell::new([None; SLOTS]) };
}

/// The cells changed since the position recorded barren for `slot`, if
/// the position `key` follows from it (its digits kept, its candidates a
/// subset); `None` without a record or when it does not follow.
pub(super) fn changed_since(slot: usize, key: &Key) -> Option<u128> {
    BARREN.with(|b| {
        let b = b.borrow();
        let old = b[slot].as_ref()?;
        let mut changed = 0u128;
        for i in 0..81 {
            let (was, now) = (old.1[i], key.1[i]);
            if now & !was != 0 || (old.0[i] != 0 && old.0[i] != key.0[i]) {
                return None;
            }
            if was != now || old.0[i] != key.0[i] {
                changed |= 1 << i;
            }
        }
        Some(changed)
    })
}

/// Records that `slot`'s technique has no step on the position `key`.
pub(super) fn note(slot: usize, key: &Key) {
    BARREN.with(|b| b.borrow_mut()[slot] = Some(*key));
}

/// Forgets the records (the tests' way to start as a fresh thread).
#[cfg(test)]
pub(super) fn forget() {
    BARREN.with(|b| *b.borrow_mut() = [None; SLOTS]);
}
