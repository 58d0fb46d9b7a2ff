//! Shape algebra: the same elements in another shape or order, or a part of them, with every
//! size checked at compile time.

mod index;
mod permute;
mod view;

pub use index::{Narrowed, WithoutAxis};
pub use permute::{AnyPermute, Order, Perm, Permuted, SwapAxes, Swapped};
pub use view::StridedView;
