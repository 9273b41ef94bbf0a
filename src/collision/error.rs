//! Refused move queries.

/// Why [`Collider::move_eye`](super::Collider::move_eye) refused a query.
/// Nothing is stored when a query is refused.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum CollisionError {
    /// The position, the move or their sum is NaN or infinite.
    #[error("non-finite eye position or move (NaN or infinity)")]
    NonFinite,
    /// [`MoveOptions::skin`](super::MoveOptions::skin) is NaN, infinite or negative.
    #[error("the move's skin must be finite and non-negative, got {skin}")]
    InvalidSkin {
        /// The skin given.
        skin: f32,
    },
}
