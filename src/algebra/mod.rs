//! Shape algebra: the same elements in another shape or order, or a part of them, with every
//! size checked at compile time.

mod index;
mod merge;
mod permute;
mod sizes;
mod view;

pub use index::{Narrowed, WithoutAxis};
pub use merge::{MergeAt, MergeWith, Merged, Split, SplitAt, UnmergeAt, Unmerged};
pub use permute::{AnyPermute, Order, Perm, Permuted, SwapAxes, Swapped};
pub use sizes::{Over, Times};
pub use view::StridedView;
