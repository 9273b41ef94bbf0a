//! What a move query returns: where the eye ends and what it touched, in a
//! fixed-size, allocation-free value.

use glam::Vec2;

/// The most impacts one move reports (and the most slides it makes plus one).
pub const MAX_CONTACTS: usize = 8;

/// The most slides one move makes, whatever [`MoveOptions::max_slides`](super::MoveOptions::max_slides) says.
pub const MAX_SLIDES: u32 = MAX_CONTACTS as u32 - 1;

/// Which shape of the collider was touched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Surface {
    /// Index into [`Collider::walls`](super::Collider::walls).
    Wall(usize),
    /// Index into [`Collider::obstacles`](super::Collider::obstacles).
    Obstacle(usize),
    /// Index into the [`DoorLeaves`](super::DoorLeaves) of a move among
    /// leaves ([`Collider::move_eye_among`](super::Collider::move_eye_among)).
    Door(usize),
    /// Index into the [`Heights::edges`](super::Heights::edges) of the
    /// collider: an edge between floors that a standing move
    /// ([`Collider::move_standing`](super::Collider::move_standing)) may
    /// not cross from where its feet stand.
    Edge(usize),
}

/// One impact during a move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Contact {
    /// The shape hit.
    pub surface: Surface,
    /// Unit normal of the surface at the impact, pointing towards the eye.
    pub normal: Vec2,
    /// Where the eye stood when it stopped at this impact.
    pub position: Vec2,
}

/// The result of [`Collider::move_eye`](super::Collider::move_eye).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveOutcome {
    /// Where the eye ends.
    pub position: Vec2,
    /// The move ended early: refused ([`MovePolicy::Reject`](super::MovePolicy::Reject)),
    /// stopped in a concave corner, stopped because sliding would have gone
    /// against the proposed direction, or out of slides. `false` when the
    /// whole move (redirected or not) was spent.
    pub blocked: bool,
    /// Part of the move was redirected along a surface.
    pub slid: bool,
    /// The start overlapped an obstacle and was pushed out first.
    pub pushed_out: bool,
    contacts: [Contact; MAX_CONTACTS],
    contact_count: usize,
}

impl MoveOutcome {
    /// An outcome at `position` with nothing touched.
    #[inline]
    pub(crate) fn free(position: Vec2) -> Self {
        let unused = Contact {
            surface: Surface::Wall(0),
            normal: Vec2::ZERO,
            position,
        };
        Self {
            position,
            blocked: false,
            slid: false,
            pushed_out: false,
            contacts: [unused; MAX_CONTACTS],
            contact_count: 0,
        }
    }

    /// Records an impact (beyond [`MAX_CONTACTS`] they are dropped).
    pub(crate) fn add_contact(&mut self, contact: Contact) {
        if let Some(slot) = self.contacts.get_mut(self.contact_count) {
            *slot = contact;
            self.contact_count += 1;
        }
    }

    /// Every impact of the move, in order.
    pub fn contacts(&self) -> &[Contact] {
        &self.contacts[..self.contact_count]
    }

    /// `true` when the move touched anything.
    pub fn touched(&self) -> bool {
        self.contact_count > 0
    }
}
