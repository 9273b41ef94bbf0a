//! SKELETON — headless replay.
