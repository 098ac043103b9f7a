//! The classic algorithms of the source documents.
