//! Human-style solving techniques.
