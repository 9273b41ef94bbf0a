//! The window and its surface: created when the application resumes, kept
//! configured through resizes, minimizes and lost surfaces, and asked for
//! one texture to draw into per frame (the wgpu examples framework's
//! surface wrapper, in spirit).

use std::sync::Arc;

use anyhow::Context as _;
use winit::dpi::{LogicalSize, PhysicalSize};
use winit::event_loop::ActiveEventLoop;
use winit::window::{Fullscreen, Window};

use crate::platform;
use crate::render::{self, Gpu};

/// The window, the device that draws into it, and its surface.
#[derive(Debug)]
pub struct WindowSurface {
    /// The window.
    pub window: Arc<Window>,
    /// The device (also used for offscreen captures).
    pub gpu: Gpu,
    surface: wgpu::Surface<'static>,
    config: wgpu::SurfaceConfiguration,
}

/// What [`WindowSurface::acquire`] found.
#[derive(Debug)]
pub enum Acquired {
    /// A texture to draw into and present.
    Frame(wgpu::SurfaceTexture),
    /// Nothing to draw this frame (minimized, occluded, timed out, or the
    /// surface was just reconfigured).
    Skip,
}

impl WindowSurface {
    /// Opens a window of `size` logical pixels titled `title`, not drawn
    /// into yet: its device comes from [`Gpu::for_window`].
    pub fn open_window(
        event_loop: &ActiveEventLoop,
        title: &str,
        size: (u32, u32),
    ) -> anyhow::Result<Arc<Window>> {
        let attributes = Window::default_attributes()
            .with_title(title)
            .with_inner_size(LogicalSize::new(size.0, size.1));
        let window = event_loop.create_window(platform::window_attributes(attributes))?;
        Ok(Arc::new(window))
    }

    /// `window`'s surface on the device `gpu` that made it, configured for
    /// `vsync`.
    pub fn new(
        window: Arc<Window>,
        gpu: Gpu,
        surface: wgpu::Surface<'static>,
        vsync: bool,
    ) -> anyhow::Result<Self> {
        let inner = window.inner_size();
        let config = render::surface_config(&gpu, &surface, inner.width, inner.height, vsync)?;
        let surface = Self {
            window,
            gpu,
            surface,
            config,
        };
        surface.configure();
        Ok(surface)
    }

    /// The pixel format frames are drawn in: the surface's own, or the
    /// sRGB view of it that [`render::surface_config`] asked for where the
    /// surface has no sRGB format.
    pub fn format(&self) -> wgpu::TextureFormat {
        self.config
            .view_formats
            .first()
            .copied()
            .unwrap_or(self.config.format)
    }

    /// The surface's size in pixels (0×0 while minimized).
    pub fn size(&self) -> (u32, u32) {
        (self.config.width, self.config.height)
    }

    /// Follows a new window size, clamped to the adapter's largest texture.
    /// A minimized (0×0) window keeps the old surface; frames are skipped
    /// until it has an area again.
    pub fn resize(&mut self, size: PhysicalSize<u32>) {
        let max_side = self.gpu.device.limits().max_texture_dimension_2d;
        self.config.width = size.width.min(max_side);
        self.config.height = size.height.min(max_side);
        self.configure();
    }

    /// The texture to draw this frame into, recovering from an outdated or
    /// lost surface. Errors only when the surface cannot be made again.
    pub fn acquire(&mut self) -> anyhow::Result<Acquired> {
        if self.config.width == 0 || self.config.height == 0 {
            return Ok(Acquired::Skip);
        }
        Ok(match self.surface.get_current_texture() {
            wgpu::CurrentSurfaceTexture::Success(texture)
            | wgpu::CurrentSurfaceTexture::Suboptimal(texture) => Acquired::Frame(texture),
            wgpu::CurrentSurfaceTexture::Timeout | wgpu::CurrentSurfaceTexture::Occluded => {
                Acquired::Skip
            }
            wgpu::CurrentSurfaceTexture::Outdated => {
                self.configure();
                Acquired::Skip
            }
            wgpu::CurrentSurfaceTexture::Lost => {
                self.surface = self
                    .gpu
                    .instance
                    .create_surface(self.window.clone())
                    .context("cannot recreate the lost surface")?;
                self.configure();
                Acquired::Skip
            }
            wgpu::CurrentSurfaceTexture::Validation => {
                anyhow::bail!("surface validation error")
            }
        })
    }

    /// Shows a drawn frame.
    pub fn present(&self, frame: wgpu::SurfaceTexture) {
        self.window.pre_present_notify();
        self.gpu.queue.present(frame);
    }

    /// Switches between a window and borderless fullscreen.
    pub fn toggle_fullscreen(&self) {
        let next = match self.window.fullscreen() {
            Some(_) => None,
            None => Some(Fullscreen::Borderless(None)),
        };
        self.window.set_fullscreen(next);
    }

    fn configure(&self) {
        if self.config.width > 0 && self.config.height > 0 {
            self.surface.configure(&self.gpu.device, &self.config);
        }
    }
}
