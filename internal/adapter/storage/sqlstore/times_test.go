package sqlstore

import (
	"testing"
	"time"
)

func TestScanTime(t *testing.T) {
	want := time.Date(2025, 3, 14, 9, 26, 53, 589_000_000, time.UTC)
	brussels := time.FixedZone("CET", 3600)
	tests := []struct {
		name string
		in   any
		want time.Time
		err  bool
	}{
		{"timestamptz", want.In(brussels), want, false},
		{"text layout", want.Format(TextTime), want, false},
		{"milliseconds (earlier rows)", "2025-03-14T09:26:53.589Z", want, false},
		{"nanoseconds (earlier rows)", "2025-03-14T09:26:53.589000001Z", want.Add(time.Nanosecond), false},
		{"bytes", []byte("2025-03-14T09:26:53Z"), want.Truncate(time.Second), false},
		{"not a time", "yesterday", time.Time{}, true},
		{"null (a time not yet)", nil, time.Time{}, false},
		{"number", int64(1), time.Time{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got time.Time
			err := scanTime{&got}.Scan(tt.in)
			if (err != nil) != tt.err {
				t.Fatalf("err = %v, want error %v", err, tt.err)
			}
			if !tt.err && (!got.Equal(tt.want) || (!got.IsZero() && got.Location() != time.UTC)) {
				t.Errorf("got %v, want %v in UTC", got, tt.want)
			}
		})
	}
}

// The text layout sorts as the times do.
func TestTextTimeSorts(t *testing.T) {
	a := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	b := a.Add(500 * time.Millisecond)
	c := a.Add(time.Hour)
	if !(a.Format(TextTime) < b.Format(TextTime) && b.Format(TextTime) < c.Format(TextTime)) {
		t.Errorf("%s, %s, %s do not sort", a.Format(TextTime), b.Format(TextTime), c.Format(TextTime))
	}
}
