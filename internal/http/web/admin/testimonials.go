package admin

import (
	"net/http"
	"net/url"
	"strconv"

	"immo/internal/domain/errs"
	"immo/internal/domain/field"
	"immo/internal/domain/inbox"
	"immo/internal/domain/testimonial"
)

// The testimonials page's forms, by their action field.
const (
	actionApprove = "approve"
	actionReject  = "reject"
	actionEdit    = "edit"
	actionDropPic = "dropPicture" // the picture no longer shown, the text kept
)

// serveTestimonials answers the testimonials to moderate, and their forms:
// approve, reject (removes it), edit the name and comment. A change is
// made as the staff member logged in, the page then saying what was done
// (?done=approve, reject, edit); a refused one answers the page with why
// (422), a testimonial gone meanwhile says so (404 with the list).
func (h *Handler) serveTestimonials(w http.ResponseWriter, r *http.Request, p post) {
	ctx := r.Context()
	v, q := p.viewer, r.URL.Query()
	q.Del("done")
	status, answered := h.answer(w, r, &p, change{make: func() (map[string]string, error) { return only(h.moderate(r, v.Account.ID, p.values)) },
		done: withDone(testimonialsPath+encoded(q), p.values["action"]), form: p.values["action"] + "-" + p.values["id"],
		notice: "admin.testimonials.done.", notices: []string{actionApprove, actionReject, actionEdit, actionDropPic}})
	if answered {
		return
	}
	b := p.base
	pendingBefore, ok1 := beforeParam(q, "pending")
	publishedBefore, ok2 := beforeParam(q, "published")
	props := TestimonialsProps{Base: b, Rows: []TestimonialRow{}, Action: testimonialsPath + encoded(q),
		MaxName: testimonial.MaxName, MaxComment: field.MaxRemark}
	if !ok1 || !ok2 {
		props.Errors, props.Action = map[string]string{"form": inbox.KeyCursor}, testimonialsPath
		h.render(w, r, props, b, http.StatusBadRequest)
		return
	}
	review, err := h.o.Testimonials.List(ctx, pendingBefore, publishedBefore)
	if err != nil {
		h.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	props.PendingTotal, props.PublishedTotal = review.PendingTotal, review.PublishedTotal
	if review.PendingNext > 0 {
		props.PendingNext = withParam(testimonialsPath, "pending", strconv.FormatInt(review.PendingNext, 10))
	}
	if review.PublishedNext > 0 {
		props.PublishedNext = withParam(testimonialsPath, "published", strconv.FormatInt(review.PublishedNext, 10))
	}
	if pendingBefore > 0 || publishedBefore > 0 {
		props.First = testimonialsPath
	}
	for _, t := range append(review.Pending, review.Published...) {
		row := TestimonialRow{ID: t.ID, Name: t.Name, Comment: t.Comment, Website: t.Website, About: t.About, Lang: t.Lang,
			Approved: t.Approved, Created: stamp(t.CreatedAt)}
		if t.RequestID > 0 {
			row.Lead = leadPath(t.RequestID)
			if t.Picture != "" {
				row.Picture = leadPath(t.RequestID) + "files/" + testimonial.PictureField
				row.PictureView = row.Picture + "?view=1"
			}
		}
		props.Rows = append(props.Rows, row)
	}
	h.render(w, r, props, b, status)
}

// beforeParam reads a page's cursor, the id its rows are older than (0:
// none); false when it is not one.
func beforeParam(q url.Values, key string) (int64, bool) {
	s := q.Get(key)
	if s == "" {
		return 0, true
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && n > 0
}

// moderate makes the change a testimonial's form posted, as actor.
func (h *Handler) moderate(r *http.Request, actor int64, values map[string]string) error {
	ctx := r.Context()
	id, err := strconv.ParseInt(values["id"], 10, 64)
	if err != nil || id <= 0 {
		return testimonial.ErrGone
	}
	switch values["action"] {
	case actionApprove:
		return h.o.Testimonials.Approve(ctx, actor, id)
	case actionReject:
		return h.o.Testimonials.Reject(ctx, actor, id)
	case actionEdit:
		return h.o.Testimonials.Edit(ctx, actor, id, values["name"], values["comment"])
	case actionDropPic:
		return h.o.Testimonials.DropPicture(ctx, actor, id)
	}
	return &errs.Error{Code: errs.Invalid, Field: "form", Key: "admin.error.action", Message: "admin: unknown action"}
}
