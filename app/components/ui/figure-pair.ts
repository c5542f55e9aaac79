/**
 * A figure and what it counts, as one `<div>` of a `<dl>`: the label (`<dt>`) comes first in
 * the markup, as a description list requires, and is drawn under the figure (`<dd>`). The
 * pair keeps to the top of its cell, so that figures side by side stay level when one label
 * wraps to two lines.
 */
export const figurePair = "flex flex-col-reverse justify-end";
