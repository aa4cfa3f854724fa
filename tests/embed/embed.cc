// tests/embed/embed.cc - the C++ twin of embed.c: the same commands and the
// same output, built against the installed libvchess with `pkg-config
// --cflags --libs vchess` (static and shared) by tests/embed/run.sh. It
// checks that the installed headers serve a C++ program (extern "C").
//
// usage: embed COMMAND [FILE]   (see embed.c for the commands)
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <vchess/vchess.h>
#include <vchess/games.h> /* the pull API (formats/) */

namespace {

// The variant's own move text (Backwards Stalemate Chess) or UCI.
std::string move_text(const vc_variant *v, const vc_position &pos, vc_move m)
{
	char buf[64];
	if (v->write_move && v->write_move(&pos, m, buf))
		return buf;
	return vc_move_to_uci(&pos, m, buf);
}

bool perft_line(const std::string &line, int lineno)
{
	std::istringstream fields(line);
	std::string name;
	int depth = 0;
	if (!(fields >> name >> depth) || depth < 1) {
		std::cerr << "embed: line " << lineno << ": want VARIANT DEPTH FEN\n";
		return false;
	}
	std::string fen;
	std::getline(fields >> std::ws, fen);
	const vc_variant *v = vc_variant_find(name.c_str(), nullptr);
	if (!v) {
		std::cerr << "embed: line " << lineno << ": unknown variant '" << name << "'\n";
		return false;
	}
	vc_position pos;
	vc_fen_result res;
	if (vc_fen_parse(&pos, fen.c_str(), v->id, &res) != VC_FEN_OK) {
		std::cerr << "embed: line " << lineno << ": " << vc_fen_code(res.status)
		          << ": " << vc_fen_strerror(res.status) << "\n";
		return false;
	}
	v = vc_variant_get(pos.variant); // a 960 castling field switches

	std::vector<vc_move> moves(VC_MAX_MOVES);
	int n = vc_legal_moves(&pos, moves.data());
	std::vector<std::pair<std::string, std::uint64_t>> lines;
	std::uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		vc_position child = pos;
		std::string text = move_text(v, pos, moves[i]);
		vc_make_move(&child, moves[i]);
		std::uint64_t nodes = depth > 1 ? vc_perft(&child, depth - 1) : 1;
		lines.emplace_back(text, nodes);
		total += nodes;
	}
	std::sort(lines.begin(), lines.end());
	std::cout << "# " << name << " " << depth << " " << fen << "\n";
	for (const auto &l : lines)
		std::cout << l.first << " " << l.second << "\n";
	std::cout << "nodes " << total << "\n";
	if (vc_perft(&pos, depth) != total) {
		std::cerr << "embed: line " << lineno << ": vc_perft disagrees with the divide\n";
		return false;
	}
	return true;
}

int cmd_perft(std::istream &in)
{
	std::string line;
	int lineno = 0, status = 0;
	while (std::getline(in, line)) {
		lineno++;
		if (!line.empty() && line.back() == '\r')
			line.pop_back();
		if (line.empty() || line[0] == '#')
			continue;
		if (!perft_line(line, lineno))
			status = 1;
	}
	return status;
}

// Every game of each path listed in `in`, one JSON line each (the pull
// API, formats/games.h), as `vchess validate|adjudicate --format jsonl`.
int games(std::istream &in, bool adjudicate)
{
	std::string path;
	int status = 0;
	while (std::getline(in, path)) {
		if (!path.empty() && path.back() == '\r')
			path.pop_back();
		if (path.empty() || path[0] == '#')
			continue;
		vc_games_options o;
		vc_games_options_init(&o);
		o.adjudicate = adjudicate;
		vc_games *g = nullptr;
		vc_code rc = vc_games_open(&g, path.c_str(), &o, nullptr);
		if (rc != VC_F_OK) {
			std::cerr << "embed: " << path << ": " << vc_strerror(rc) << "\n";
			status = 1;
			continue;
		}
		const char *json;
		std::size_t len;
		int r;
		while ((r = vc_games_next(g, &json, &len)) == 1)
			std::cout << std::string(json, len) << "\n";
		if (r < 0) {
			std::cerr << "embed: " << path << ": " << vc_games_error(g)->message << "\n";
			status = 1;
		}
		vc_games_close(g);
	}
	return status;
}

int cmd_validate(std::istream &in)
{
	return games(in, false);
}

int cmd_adjudicate(std::istream &in)
{
	return games(in, true);
}

// One entry per command.
const std::map<std::string, int (*)(std::istream &)> commands = {
	{ "perft", cmd_perft },
	{ "validate", cmd_validate },
	{ "adjudicate", cmd_adjudicate },
};

} // namespace

int main(int argc, char **argv)
{
	if (argc < 2 || argc > 3) {
		std::cerr << "usage: embed COMMAND [FILE]\n";
		return 2;
	}
	auto cmd = commands.find(argv[1]);
	if (cmd == commands.end()) {
		std::cerr << "embed: unknown command '" << argv[1] << "'\n";
		return 2;
	}
	int status;
	if (argc == 3) {
		std::ifstream in(argv[2]);
		if (!in) {
			std::cerr << argv[2] << ": cannot open\n";
			return 1;
		}
		status = cmd->second(in);
	} else {
		status = cmd->second(std::cin);
	}
	std::cout.flush();
	return std::cout ? status : 1;
}
