//! Device setup: one [`Gpu`] (instance, adapter, device, queue) for a window
//! or for offscreen rendering, and the window surface's configuration.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use winit::event_loop::OwnedDisplayHandle;
use winit::window::Window;

use crate::platform;

/// Why no device could be had.
#[derive(Debug, thiserror::Error)]
pub enum GpuError {
    /// No adapter at all: no GPU driver and no software rasterizer (on
    /// Debian, install `mesa-vulkan-drivers` for Mesa's llvmpipe).
    #[error(
        "no graphics adapter found ({0}); on Linux without a GPU install Mesa's software \
         renderer (Debian: mesa-vulkan-drivers libvulkan1 libegl1 libegl-mesa0 libgl1-mesa-dri)"
    )]
    NoAdapter(#[from] wgpu::RequestAdapterError),
    /// The adapter refused to open a device.
    #[error("the graphics adapter refused a device: {0}")]
    Device(#[from] wgpu::RequestDeviceError),
    /// The window system refused a surface for the window.
    #[error("cannot draw into the window: {0}")]
    Surface(#[from] wgpu::CreateSurfaceError),
    /// The surface and the adapter have no configuration in common.
    #[error("the window surface is not supported by the adapter {0}")]
    UnsupportedSurface(String),
}

/// A graphics device and everything it came from.
#[derive(Debug)]
pub struct Gpu {
    /// The wgpu instance (needed again to recreate a lost surface).
    pub instance: wgpu::Instance,
    /// The physical (or software) adapter.
    pub adapter: wgpu::Adapter,
    /// The logical device that owns every GPU resource.
    pub device: wgpu::Device,
    /// The queue that uploads and submits work.
    pub queue: wgpu::Queue,
    /// The first error wgpu reported outside any error scope (wgpu's default
    /// handler would panic instead).
    device_error: Arc<Mutex<Option<String>>>,
}

impl Gpu {
    /// A device for offscreen rendering: no window, no display, no event
    /// loop. Honours `WGPU_BACKEND` (e.g. `vulkan`, `gl`); falls back to a
    /// software adapter when no hardware one exists.
    ///
    /// Without `WGPU_BACKEND`, the primary backends (Vulkan, Metal, DX12)
    /// are tried first and GL only when they find nothing: probing EGL where
    /// it has no driver logs an error even though Vulkan works.
    pub fn headless() -> Result<Self, GpuError> {
        let descriptor = wgpu::InstanceDescriptor::new_without_display_handle_from_env;
        if std::env::var_os("WGPU_BACKEND").is_none() {
            let primary = wgpu::Instance::new(wgpu::InstanceDescriptor {
                backends: wgpu::Backends::PRIMARY,
                ..descriptor()
            });
            if let Ok(adapter) = pollster::block_on(request_adapter(&primary, None)) {
                return pollster::block_on(Self::open(primary, adapter));
            }
        }
        let instance = wgpu::Instance::new(descriptor());
        let adapter = pollster::block_on(request_adapter(&instance, None))?;
        pollster::block_on(Self::open(instance, adapter))
    }

    /// A device able to present to `window` (on the display `display`),
    /// and the window's surface: a future, which the platform runs to its
    /// end (at once natively, as a task in a web page).
    pub async fn for_window(
        display: OwnedDisplayHandle,
        window: Arc<Window>,
    ) -> Result<(Self, wgpu::Surface<'static>), GpuError> {
        let descriptor =
            wgpu::InstanceDescriptor::new_with_display_handle_from_env(Box::new(display));
        let instance = platform::window_instance(descriptor).await;
        let surface = instance.create_surface(window)?;
        let adapter = request_adapter(&instance, Some(&surface)).await?;
        Ok((Self::open(instance, adapter).await?, surface))
    }

    async fn open(instance: wgpu::Instance, adapter: wgpu::Adapter) -> Result<Self, GpuError> {
        let info = adapter.get_info();
        log::info!(
            "adapter: {} ({:?}, {:?})",
            info.name,
            info.device_type,
            info.backend
        );
        let storage = has_fragment_storage(&adapter);
        let limits = match storage {
            true => wgpu::Limits::downlevel_defaults(),
            false => wgpu::Limits::downlevel_webgl2_defaults(),
        };
        let (device, queue) = adapter
            .request_device(&wgpu::DeviceDescriptor {
                label: Some("mazewalker"),
                required_limits: limits.using_resolution(adapter.limits()),
                ..Default::default()
            })
            .await?;
        let tier = match storage {
            true => "lamp shadows on",
            false => "no storage buffers: lamp shadows left out",
        };
        platform::announce_backend(&format!("{:?}", info.backend), tier);
        let device_error: Arc<Mutex<Option<String>>> = Arc::default();
        let first_error = device_error.clone();
        device.on_uncaptured_error(Arc::new(move |error: wgpu::Error| {
            log::error!("graphics device error: {error}");
            let mut slot = first_error
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            slot.get_or_insert_with(|| error.to_string());
        }));
        Ok(Self {
            instance,
            adapter,
            device,
            queue,
            device_error,
        })
    }

    /// The first error the device reported since the last call, if any: a
    /// caller turns it into an error exit with a message, never a panic.
    pub fn take_device_error(&self) -> Option<String> {
        self.device_error
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    }

    /// Fails with the first error the device reported since the last
    /// [`take_device_error`](Self::take_device_error): for offscreen work,
    /// whose results mean nothing after one (a pipeline that failed
    /// validation draws nothing, fast).
    pub fn ensure_no_device_error(&self) -> anyhow::Result<()> {
        match self.take_device_error() {
            Some(error) => anyhow::bail!("graphics device error: {error}"),
            None => Ok(()),
        }
    }

    /// The adapter's name, backend and type, for logs and test messages.
    pub fn describe(&self) -> String {
        let info = self.adapter.get_info();
        format!("{} ({:?}, {:?})", info.name, info.backend, info.device_type)
    }

    /// The largest MSAA sample count up to `wanted` that `format` and the
    /// depth format both support on this adapter (1 when none).
    pub fn sample_count(&self, format: wgpu::TextureFormat, wanted: u32) -> u32 {
        let supports = |format: wgpu::TextureFormat, count: u32| {
            self.adapter
                .get_texture_format_features(format)
                .flags
                .sample_count_supported(count)
        };
        [16, 8, 4, 2]
            .into_iter()
            .filter(|&count| count <= wanted)
            .find(|&count| supports(format, count) && supports(super::DEPTH_FORMAT, count))
            .unwrap_or(1)
    }
}

/// A private, empty folder standing in for an unusable `XDG_RUNTIME_DIR`
/// during a headless run, removed (with anything put in it) when dropped.
///
/// Mesa's Vulkan and Wayland code print `XDG_RUNTIME_DIR is invalid or not
/// set` on every run where it is unset, though nothing is wrong for an
/// offscreen render; pointing it at this folder (which has no display socket)
/// keeps such runs quiet.
#[derive(Debug)]
pub struct PrivateRuntimeDir {
    /// The folder, made under an unused random name by tempfile, which
    /// removes it when dropped.
    folder: tempfile::TempDir,
}

impl PrivateRuntimeDir {
    /// A new folder (mode 0700, as the XDG spec asks of a runtime folder)
    /// when `XDG_RUNTIME_DIR` is unset or does not name an existing folder
    /// by an absolute path; `None` when it does, or when no folder could be
    /// made (the run then only stays noisy).
    pub fn create_if_needed() -> Option<Self> {
        let current = std::env::var_os("XDG_RUNTIME_DIR").map(PathBuf::from);
        if current.is_some_and(|path| path.is_absolute() && path.is_dir()) {
            return None;
        }
        let temporary = platform::temporary_folder()?;
        let mut builder = tempfile::Builder::new();
        builder.prefix("mazewalker-runtime-");
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o700));
        let folder = builder
            .tempdir_in(temporary)
            .inspect_err(|error| log::info!("no private runtime folder: {error}"))
            .ok()?;
        Some(Self { folder })
    }

    /// The folder's path.
    pub fn path(&self) -> &Path {
        self.folder.path()
    }
}

/// Whether `adapter`'s fragment shaders may read storage buffers, from its
/// downlevel capabilities: WebGL2 has none.
fn has_fragment_storage(adapter: &wgpu::Adapter) -> bool {
    adapter
        .get_downlevel_capabilities()
        .flags
        .contains(wgpu::DownlevelFlags::FRAGMENT_STORAGE)
}

/// A hardware adapter if there is one, else a software one.
async fn request_adapter(
    instance: &wgpu::Instance,
    surface: Option<&wgpu::Surface<'_>>,
) -> Result<wgpu::Adapter, wgpu::RequestAdapterError> {
    let options = |force_fallback_adapter| wgpu::RequestAdapterOptions {
        power_preference: wgpu::PowerPreference::HighPerformance,
        force_fallback_adapter,
        compatible_surface: surface,
        ..Default::default()
    };
    match instance.request_adapter(&options(false)).await {
        Ok(adapter) => Ok(adapter),
        Err(error) => {
            log::info!("no hardware adapter ({error}); trying a software one");
            instance.request_adapter(&options(true)).await
        }
    }
}

/// The surface configuration for a window of `width` × `height` physical
/// pixels: an sRGB format when offered, and with `vsync` off a present mode
/// that does not wait (Immediate, else Mailbox) when the surface has one.
pub fn surface_config(
    gpu: &Gpu,
    surface: &wgpu::Surface<'_>,
    width: u32,
    height: u32,
    vsync: bool,
) -> Result<wgpu::SurfaceConfiguration, GpuError> {
    let capabilities = surface.get_capabilities(&gpu.adapter);
    let mut config = surface
        .get_default_config(&gpu.adapter, width.max(1), height.max(1))
        .ok_or_else(|| GpuError::UnsupportedSurface(gpu.describe()))?;
    if let Some(&srgb) = capabilities.formats.iter().find(|format| format.is_srgb()) {
        config.format = srgb;
    } else if config.format.add_srgb_suffix() != config.format {
        // A browser's WebGPU canvas offers no sRGB format, only sRGB views
        // of its textures: frames are drawn through one, so that their
        // colours are encoded as on every other surface.
        config.view_formats = vec![config.format.add_srgb_suffix()];
    }
    config.present_mode = present_mode(&capabilities.present_modes, vsync);
    let max_side = gpu.device.limits().max_texture_dimension_2d;
    config.width = width.min(max_side);
    config.height = height.min(max_side);
    Ok(config)
}

/// Fifo with vsync; without, the first of Immediate, Mailbox, FifoRelaxed the
/// surface offers (Fifo is always there).
fn present_mode(available: &[wgpu::PresentMode], vsync: bool) -> wgpu::PresentMode {
    use wgpu::PresentMode::{Fifo, FifoRelaxed, Immediate, Mailbox};
    if vsync {
        return Fifo;
    }
    [Immediate, Mailbox, FifoRelaxed]
        .into_iter()
        .find(|mode| available.contains(mode))
        .unwrap_or(Fifo)
}

/// A device for a unit test, or `None` (with a message) when there is no
/// adapter, unless `MAZEWALKER_REQUIRE_GPU=1` asks to fail instead.
#[cfg(test)]
pub(crate) fn gpu_or_skip(test: &str) -> Option<Gpu> {
    match Gpu::headless() {
        Ok(gpu) => Some(gpu),
        Err(error) if std::env::var("MAZEWALKER_REQUIRE_GPU").as_deref() != Ok("1") => {
            eprintln!("skipped {test}: {error}");
            None
        }
        Err(error) => panic!("MAZEWALKER_REQUIRE_GPU=1 but {error}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wgpu::PresentMode::{Fifo, FifoRelaxed, Immediate, Mailbox};

    #[test]
    fn a_private_runtime_folder_is_made_only_when_needed_and_removed_after() {
        // Reads the environment only: whatever it holds, the answer must
        // match it.
        let current = std::env::var_os("XDG_RUNTIME_DIR").map(PathBuf::from);
        let usable = current.is_some_and(|path| path.is_absolute() && path.is_dir());
        let made = PrivateRuntimeDir::create_if_needed();
        assert_eq!(made.is_some(), !usable);
        if let Some(folder) = made {
            let path = folder.path().to_path_buf();
            assert!(path.is_absolute() && path.is_dir());
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                let mode = std::fs::metadata(&path).expect("made").permissions().mode();
                assert_eq!(mode & 0o777, 0o700, "{path:?}");
            }
            drop(folder);
            assert!(!path.exists());
        }
    }

    #[test]
    fn vsync_off_prefers_a_mode_that_does_not_wait() {
        assert_eq!(present_mode(&[Fifo, Mailbox, Immediate], false), Immediate);
        assert_eq!(present_mode(&[Fifo, Mailbox], false), Mailbox);
        assert_eq!(present_mode(&[Fifo, FifoRelaxed], false), FifoRelaxed);
        assert_eq!(present_mode(&[Fifo], false), Fifo);
        assert_eq!(present_mode(&[Fifo, Immediate], true), Fifo);
    }
}
