package hall

// CompareIDs orders table ids as people number tables: runs of digits
// compare by value, so "t2" comes before "t10" and "t07" equals "t7" in
// rank; it returns a negative number, zero or a positive number as a is
// before, level with or after b (the order of the hub's tables and the
// dashboard's).
func CompareIDs(a, b string) int {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, nb := trimZeros(a[:da]), trimZeros(b[:db])
			if len(na) != len(nb) {
				return len(na) - len(nb)
			}
			if c := compareStr(na, nb); c != 0 {
				return c
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return int(a[0]) - int(b[0])
		}
		a, b = a[1:], b[1:]
	}
	return len(a) - len(b)
}

func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

func trimZeros(s string) string {
	for len(s) > 1 && s[0] == '0' {
		s = s[1:]
	}
	return s
}

func compareStr(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
