//! SKELETON — winit application.
