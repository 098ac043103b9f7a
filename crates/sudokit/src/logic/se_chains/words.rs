//! The words of SE's chains, in English and Spanish.

use crate::classic::trace::Lang;
use crate::logic::Step;

/// The reason part of the text of `step`.
pub(super) fn reason(step: &Step, lang: Lang) -> Option<String> {
    let _ = (step, lang);
    None
}
