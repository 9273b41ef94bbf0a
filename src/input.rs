//! SKELETON — key bindings.
