//! SKELETON — maze generator (collision helper).
