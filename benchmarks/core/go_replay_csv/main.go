// A history replay as the server's Go code would run it, from the CSV file `gammon-elo replay`
// reads: the article's constants, KFor, CalculateChangeWithK and expectedScore as the article
// prints them, each ranked game in time order (equal times in file order), each player's ranked
// games of the last 7 days kept in a queue (a game exactly 7 days earlier no longer counts).
// The end-to-end benchmark (bench_end_to_end.py) builds it, checks its ratings against the
// Python command's and times both commands as whole processes.
//
// Usage: goreplaycsv HISTORY.csv RATINGS.out
// HISTORY.csv: a header naming time, winner, loser and optionally cube, type, prize (any order);
// times as RFC 3339 (or without an offset, meaning UTC); no quoted cells (each line is split at
// its commas, as quickly as Go reads a file). RATINGS.out: "name rating" a line, every player
// of the file.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"
)

const K = 32                // maximum change per game, before the cube
const HeavyVolumeK = 16     // K for players with a heavy ranked week
const HeavyVolumeGames = 50 // ranked games in the window that switch K
const HeavyVolumeWindow = 7 * 24 * time.Hour
const Divisor = 1200 // chess uses 400; dice make single games less predictable
const Starting = 1500

type Change struct {
	Winner int
	Loser  int
}

func KFor(recentRankedGames int) int {
	if recentRankedGames >= HeavyVolumeGames {
		return HeavyVolumeK
	}
	return K
}

func CalculateChangeWithK(winnerELO, loserELO, winnerK, loserK int, coefficient float64) Change {
	expectedWinner := expectedScore(winnerELO, loserELO)
	expectedLoser := 1 - expectedWinner

	return Change{
		Winner: int(math.Round(float64(winnerK) * (1 - expectedWinner) * coefficient)),
		Loser:  int(math.Round(float64(loserK) * (0 - expectedLoser) * coefficient)),
	}
}

func expectedScore(playerELO, opponentELO int) float64 {
	return 1.0 / (1.0 + math.Pow(10, float64(opponentELO-playerELO)/Divisor))
}

const (
	ranked = iota
	boosted
	tournament
	podium
)

type game struct {
	when   int64 // µs since 1970, UTC
	winner int32
	loser  int32 // -1 on podium rows
	cube   int
	kind   int8
	prize  int
}

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(2)
}

// parseTime reads YYYY-MM-DDTHH:MM:SSZ digit by digit (as exports write it), anything else with
// the time package.
func parseTime(cell []byte) int64 {
	if len(cell) == 20 && cell[4] == '-' && cell[7] == '-' && cell[10] == 'T' && cell[13] == ':' &&
		cell[16] == ':' && cell[19] == 'Z' {
		n := func(from, to int) (int, bool) {
			v := 0
			for _, c := range cell[from:to] {
				if c < '0' || c > '9' {
					return 0, false
				}
				v = v*10 + int(c-'0')
			}
			return v, true
		}
		year, ok1 := n(0, 4)
		month, ok2 := n(5, 7)
		day, ok3 := n(8, 10)
		hour, ok4 := n(11, 13)
		minute, ok5 := n(14, 16)
		second, ok6 := n(17, 19)
		if ok1 && ok2 && ok3 && ok4 && ok5 && ok6 {
			t := time.Date(year, time.Month(month), day, hour, minute, second, 0, time.UTC)
			if t.Year() == year && int(t.Month()) == month && t.Day() == day && t.Hour() == hour &&
				t.Minute() == minute && t.Second() == second {
				return t.UnixMicro()
			}
		}
	}
	text := string(cell)
	if t, err := time.Parse(time.RFC3339Nano, text); err == nil {
		return t.UnixMicro()
	}
	t, err := time.Parse("2006-01-02T15:04:05.999999999", text)
	if err != nil {
		fail("time %q: %v", text, err)
	}
	return t.UnixMicro()
}

func main() {
	f, err := os.Open(os.Args[1])
	if err != nil {
		fail("%v", err)
	}
	r := bufio.NewReaderSize(f, 1<<20)
	var record [][]byte
	line := 1
	next := func() bool {
		text, err := r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			fail("line %d: longer than %d bytes", line, r.Size())
		}
		if err != nil && err != io.EOF {
			fail("%v", err)
		}
		text = bytes.TrimRight(text, "\r\n")
		if len(text) == 0 && err == io.EOF {
			return false
		}
		if bytes.IndexByte(text, '"') >= 0 {
			fail("line %d: quoted cells are not read here", line)
		}
		record = record[:0]
		for {
			i := bytes.IndexByte(text, ',')
			if i < 0 {
				record = append(record, text)
				break
			}
			record = append(record, text[:i])
			text = text[i+1:]
		}
		line++
		return true
	}
	if !next() {
		fail("no header")
	}
	column := map[string]int{"cube": -1, "type": -1, "prize": -1}
	for i, name := range record {
		column[strings.ToLower(strings.TrimSpace(strings.TrimPrefix(string(name), "\ufeff")))] = i
	}
	ids := map[string]int32{}
	var names []string
	player := func(name []byte) int32 {
		name = bytes.TrimSpace(name)
		if len(name) == 0 {
			return -1
		}
		id, ok := ids[string(name)] // no copy for a lookup
		if !ok {
			id = int32(len(names))
			ids[string(name)] = id
			names = append(names, string(name))
		}
		return id
	}
	var games []game
	var err2 error
	for next() {
		if len(record) == 1 && len(record[0]) == 0 {
			continue // an empty line
		}
		g := game{when: parseTime(record[column["time"]]), cube: 1, kind: ranked}
		g.winner = player(record[column["winner"]])
		g.loser = player(record[column["loser"]])
		if c := column["cube"]; c >= 0 && len(record[c]) > 0 {
			if g.cube, err2 = strconv.Atoi(string(record[c])); err2 != nil {
				fail("cube %q", record[c])
			}
		}
		if c := column["type"]; c >= 0 {
			switch strings.ToLower(string(bytes.TrimSpace(record[c]))) {
			case "", "ranked":
			case "boosted", "casual":
				g.kind = boosted
			case "tournament":
				g.kind = tournament
			case "podium":
				g.kind = podium
			default:
				fail("type %q", record[c])
			}
		}
		if c := column["prize"]; c >= 0 && g.kind == podium {
			if g.prize, err2 = strconv.Atoi(string(record[c])); err2 != nil {
				fail("prize %q", record[c])
			}
		}
		games = append(games, g)
	}
	inOrder := func(i, j int) bool { return games[i].when < games[j].when }
	if !sort.SliceIsSorted(games, inOrder) {
		sort.SliceStable(games, inOrder)
	}

	rating := make([]int, len(names))
	for i := range rating {
		rating[i] = Starting
	}
	window := HeavyVolumeWindow.Microseconds()
	recent := make([][]int64, len(names))
	recentGames := func(p int32, t int64) int {
		q := recent[p]
		for len(q) > 0 && q[0] <= t-window {
			q = q[1:]
		}
		recent[p] = q
		return len(q)
	}
	for _, g := range games {
		switch g.kind {
		case podium:
			rating[g.winner] += g.prize
		case ranked:
			wk, lk := KFor(recentGames(g.winner, g.when)), KFor(recentGames(g.loser, g.when))
			coefficient := 1 + math.Log2(float64(g.cube))/6
			c := CalculateChangeWithK(rating[g.winner], rating[g.loser], wk, lk, coefficient)
			rating[g.winner] += c.Winner
			rating[g.loser] += c.Loser
			recent[g.winner] = append(recent[g.winner], g.when)
			recent[g.loser] = append(recent[g.loser], g.when)
		}
	}

	out, err := os.Create(os.Args[2])
	if err != nil {
		fail("%v", err)
	}
	w := bufio.NewWriter(out)
	for i, name := range names {
		fmt.Fprintf(w, "%s %d\n", name, rating[i])
	}
	w.Flush()
	out.Close()
}
