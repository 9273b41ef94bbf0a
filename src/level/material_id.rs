//! Which of a level's materials an item is made of: an index, kept small
//! because every wall holds one.

/// Index into [`Level::materials`](super::Level::materials): 32 bits, so
/// that a wall, which holds one, stays small in a million-wall maze.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MaterialId(pub u32);

impl MaterialId {
    /// The material at `index` in
    /// [`Level::materials`](super::Level::materials). A level holds fewer
    /// than 2^32 materials: each is a table of its file or a texture of a
    /// WAD, and 2^32 of them would not fit in memory.
    pub fn at(index: usize) -> MaterialId {
        MaterialId(u32::try_from(index).expect("fewer than 2^32 materials"))
    }

    /// Its place in [`Level::materials`](super::Level::materials).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
