//! SKELETON — wgpu renderer (render helper).
