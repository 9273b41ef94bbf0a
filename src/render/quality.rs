//! How much the renderer spends on each pixel, chosen by the adapter: a GPU
//! gets multisampling and anisotropic filtering; Mesa's software rasterizer
//! (llvmpipe), where those multiply the frame time, gets plain bilinear
//! sampling and lamp light baked into a cache on the level's surfaces, so
//! walking stays smooth.

use std::fmt;

use crate::config::QualityChoice;

/// Per-pixel quality. [`RenderQuality::FULL`] is the default wherever a GPU
/// renders; each field says what it costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RenderQuality {
    /// MSAA samples per pixel; 1 turns multisampling off. Full: 4 (fewer
    /// when the adapter cannot do 4).
    pub samples: u32,
    /// Anisotropic filtering ratio; 1 turns it off. Full: 16 (floors and
    /// long walls at grazing angles stay sharp).
    pub anisotropy: u16,
    /// Blend the two nearest mip levels (trilinear) instead of picking one.
    /// Full: true (no visible seams where the mip level changes).
    pub trilinear: bool,
    /// Bake the lamps' light into a cache on the level's surfaces, a
    /// texel every tenth of a metre, baked again for the chunks in view
    /// whenever a lamp, a shape or a closed door changes, and give each
    /// pixel one filtered sample of it (the torch, which moves with the
    /// eye, is still worked out per pixel). Shadow edges are then soft
    /// over about a texel. Full: false (every pixel works out its own
    /// light, exactly).
    pub cached_lamp_light: bool,
}

impl RenderQuality {
    /// 4× MSAA, 16× anisotropic, trilinear: for GPUs, screenshots and the
    /// golden images.
    pub const FULL: Self = Self {
        samples: 4,
        anisotropy: 16,
        trilinear: true,
        cached_lamp_light: false,
    };

    /// No MSAA, no anisotropy, one mip level, lamp light from the light
    /// cache: for software rasterizers, where [`FULL`](Self::FULL)'s
    /// filtering and multisampling multiply the frame time; the figures
    /// are in `docs/benchmarks.md`, Rendering.
    pub const FAST: Self = Self {
        samples: 1,
        anisotropy: 1,
        trilinear: false,
        cached_lamp_light: true,
    };

    /// The quality a `[render] quality` or `--quality` choice names;
    /// `None` for `auto`, which lets the window choose by adapter.
    pub fn chosen(choice: QualityChoice) -> Option<Self> {
        match choice {
            QualityChoice::Auto => None,
            QualityChoice::Full => Some(Self::FULL),
            QualityChoice::Fast => Some(Self::FAST),
        }
    }

    /// [`FAST`](Self::FAST) on a CPU adapter, else [`FULL`](Self::FULL).
    pub fn for_device_type(device_type: wgpu::DeviceType) -> Self {
        if device_type == wgpu::DeviceType::Cpu {
            Self::FAST
        } else {
            Self::FULL
        }
    }
}

impl fmt::Display for RenderQuality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}x MSAA, {}x anisotropic, {}{}",
            self.samples,
            self.anisotropy,
            if self.trilinear {
                "trilinear"
            } else {
                "bilinear"
            },
            if self.cached_lamp_light {
                ", cached lamp light"
            } else {
                ""
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn software_adapters_get_the_fast_settings_and_gpus_the_full_ones() {
        assert_eq!(
            RenderQuality::for_device_type(wgpu::DeviceType::Cpu),
            RenderQuality::FAST
        );
        for gpu in [
            wgpu::DeviceType::DiscreteGpu,
            wgpu::DeviceType::IntegratedGpu,
            wgpu::DeviceType::VirtualGpu,
            wgpu::DeviceType::Other,
        ] {
            assert_eq!(RenderQuality::for_device_type(gpu), RenderQuality::FULL);
        }
        assert_eq!(RenderQuality::chosen(QualityChoice::Auto), None);
        assert_eq!(
            RenderQuality::chosen(QualityChoice::Full),
            Some(RenderQuality::FULL)
        );
        assert_eq!(
            RenderQuality::chosen(QualityChoice::Fast),
            Some(RenderQuality::FAST)
        );
        assert_eq!(
            RenderQuality::FULL.to_string(),
            "4x MSAA, 16x anisotropic, trilinear"
        );
        assert_eq!(
            RenderQuality::FAST.to_string(),
            "1x MSAA, 1x anisotropic, bilinear, cached lamp light"
        );
    }
}
