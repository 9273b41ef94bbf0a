//! SKELETON — render meshes built from a level (render helper).
