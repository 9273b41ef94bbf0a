//! A scripted scene replayed bit for bit.
