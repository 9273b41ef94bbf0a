//! The solver's one length tolerance, which the manifolds, the contacts,
//! the guard and sleeping all measure against: a leaf that imports
//! nothing, so that no two of them import each other through it.

/// How deep (m) shapes may rest in each other: contacts push out what is
/// deeper, speculative contacts start this far before touching (four
/// times), and the guard leaves bodies this deep at most. Box2D's
/// `B2_LINEAR_SLOP`.
pub(super) const LINEAR_SLOP: f32 = 0.005;
