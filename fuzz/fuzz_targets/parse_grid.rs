//! `str::parse::<Grid>` on any text: it never panics, and a grid it accepts
//! reads back the same from its line and block forms.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::Grid;

fuzz_target!(|text: &str| {
    if let Ok(grid) = text.parse::<Grid>() {
        assert_eq!(grid.to_line().parse::<Grid>().ok(), Some(grid));
        assert_eq!(grid.to_block().parse::<Grid>().ok(), Some(grid));
    }
});
