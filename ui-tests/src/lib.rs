//! Compile-time tests of shapecast live in tests/ui.rs.
