/* vchess - libarchive, loaded when an input first needs it. Not installed:
 * only the input layer (formats/input.c) reads archives.
 *
 * Why: libarchive pulls in a dozen libraries (libxml2, ICU, libstdc++,
 * liblzma, libbz2, liblz4, nettle, acl), and linking them means the
 * dynamic loader maps and relocates all of them at every start of every
 * program using libvchess, archive or not: about 4.5 million instructions
 * and, on a virtual machine where page faults are dear, some 12 ms of CPU
 * per process (README "More than one machine": a shard run is a process
 * of ~30 ms of work). Plain PGN, gzip (zlib) and zstd shards (libzstd)
 * never need it, so it is opened with dlopen(3) the first time an input is
 * sniffed as compressed by something else or as an archive.
 *
 * Including this header after <archive.h> and <archive_entry.h> turns the
 * libarchive functions input.c calls into calls through the pointers that
 * vc_archive_load() fills in, so the code reads like plain libarchive
 * code; the prototypes are libarchive's own (__typeof__), so a mismatch
 * cannot compile.
 */
#ifndef VC_ARCHIVE_DL_INTERNAL_H
#define VC_ARCHIVE_DL_INTERNAL_H

#include <archive.h>
#include <archive_entry.h>
#include <stddef.h>

/* The shared object loaded: libarchive's soname since 3.0. */
#define VC_ARCHIVE_SONAME "libarchive.so.13"

/* Every libarchive function vchess calls. */
#define VC_ARCHIVE_FUNCS(X) \
	X(archive_entry_filetype) \
	X(archive_entry_hardlink) \
	X(archive_entry_is_encrypted) \
	X(archive_entry_pathname) \
	X(archive_entry_pathname_utf8) \
	X(archive_entry_size) \
	X(archive_entry_size_is_set) \
	X(archive_entry_symlink) \
	X(archive_errno) \
	X(archive_error_string) \
	X(archive_filter_count) \
	X(archive_format) \
	X(archive_read_data_block) \
	X(archive_read_data_skip) \
	X(archive_read_free) \
	X(archive_read_header_position) \
	X(archive_read_new) \
	X(archive_read_next_header) \
	X(archive_read_open1) \
	X(archive_read_set_callback_data) \
	X(archive_read_set_read_callback) \
	X(archive_read_set_seek_callback) \
	X(archive_read_support_filter_bzip2) \
	X(archive_read_support_filter_compress) \
	X(archive_read_support_filter_grzip) \
	X(archive_read_support_filter_gzip) \
	X(archive_read_support_filter_lrzip) \
	X(archive_read_support_filter_lz4) \
	X(archive_read_support_filter_lzip) \
	X(archive_read_support_filter_lzma) \
	X(archive_read_support_filter_lzop) \
	X(archive_read_support_filter_xz) \
	X(archive_read_support_filter_zstd) \
	X(archive_read_support_format_7zip) \
	X(archive_read_support_format_ar) \
	X(archive_read_support_format_cab) \
	X(archive_read_support_format_cpio) \
	X(archive_read_support_format_empty) \
	X(archive_read_support_format_rar) \
	X(archive_read_support_format_rar5) \
	X(archive_read_support_format_raw) \
	X(archive_read_support_format_tar) \
	X(archive_read_support_format_xar) \
	X(archive_read_support_format_zip) \
	X(archive_set_error)

struct vc_archive_fns {
#define VC_ARCHIVE_FIELD(f) __typeof__(f) *f;
	VC_ARCHIVE_FUNCS(VC_ARCHIVE_FIELD)
#undef VC_ARCHIVE_FIELD
};

/* The loaded functions: valid once vc_archive_load() returned 0. */
extern struct vc_archive_fns vc_archive_fns;

/* Load libarchive (VC_ARCHIVE_SONAME, or the name given to
 * vc_archive_dl_name_for_tests before) and every function above, once per
 * process (pthread_once: any thread may call it, any number of times).
 * Returns 0 when they are all there; -1 otherwise, with why (dlerror's
 * text: the library or a function missing) in the static string
 * *why. Never unloaded. */
int vc_archive_load(const char **why);

/* Tests only: load `name` instead of VC_ARCHIVE_SONAME. Call before any
 * input needs libarchive (no effect after the first vc_archive_load). */
void vc_archive_dl_name_for_tests(const char *name);

/* The calls of input.c go through the pointers (not in formats/archive_dl.c,
 * which defines VC_ARCHIVE_DL_NO_REDIRECT to fill them in). */
#ifndef VC_ARCHIVE_DL_NO_REDIRECT
#define archive_entry_filetype (*vc_archive_fns.archive_entry_filetype)
#define archive_entry_hardlink (*vc_archive_fns.archive_entry_hardlink)
#define archive_entry_is_encrypted (*vc_archive_fns.archive_entry_is_encrypted)
#define archive_entry_pathname (*vc_archive_fns.archive_entry_pathname)
#define archive_entry_pathname_utf8 (*vc_archive_fns.archive_entry_pathname_utf8)
#define archive_entry_size (*vc_archive_fns.archive_entry_size)
#define archive_entry_size_is_set (*vc_archive_fns.archive_entry_size_is_set)
#define archive_entry_symlink (*vc_archive_fns.archive_entry_symlink)
#define archive_errno (*vc_archive_fns.archive_errno)
#define archive_error_string (*vc_archive_fns.archive_error_string)
#define archive_filter_count (*vc_archive_fns.archive_filter_count)
#define archive_format (*vc_archive_fns.archive_format)
#define archive_read_data_block (*vc_archive_fns.archive_read_data_block)
#define archive_read_data_skip (*vc_archive_fns.archive_read_data_skip)
#define archive_read_free (*vc_archive_fns.archive_read_free)
#define archive_read_header_position (*vc_archive_fns.archive_read_header_position)
#define archive_read_new (*vc_archive_fns.archive_read_new)
#define archive_read_next_header (*vc_archive_fns.archive_read_next_header)
#define archive_read_open1 (*vc_archive_fns.archive_read_open1)
#define archive_read_set_callback_data (*vc_archive_fns.archive_read_set_callback_data)
#define archive_read_set_read_callback (*vc_archive_fns.archive_read_set_read_callback)
#define archive_read_set_seek_callback (*vc_archive_fns.archive_read_set_seek_callback)
#define archive_read_support_filter_bzip2 (*vc_archive_fns.archive_read_support_filter_bzip2)
#define archive_read_support_filter_compress (*vc_archive_fns.archive_read_support_filter_compress)
#define archive_read_support_filter_grzip (*vc_archive_fns.archive_read_support_filter_grzip)
#define archive_read_support_filter_gzip (*vc_archive_fns.archive_read_support_filter_gzip)
#define archive_read_support_filter_lrzip (*vc_archive_fns.archive_read_support_filter_lrzip)
#define archive_read_support_filter_lz4 (*vc_archive_fns.archive_read_support_filter_lz4)
#define archive_read_support_filter_lzip (*vc_archive_fns.archive_read_support_filter_lzip)
#define archive_read_support_filter_lzma (*vc_archive_fns.archive_read_support_filter_lzma)
#define archive_read_support_filter_lzop (*vc_archive_fns.archive_read_support_filter_lzop)
#define archive_read_support_filter_xz (*vc_archive_fns.archive_read_support_filter_xz)
#define archive_read_support_filter_zstd (*vc_archive_fns.archive_read_support_filter_zstd)
#define archive_read_support_format_7zip (*vc_archive_fns.archive_read_support_format_7zip)
#define archive_read_support_format_ar (*vc_archive_fns.archive_read_support_format_ar)
#define archive_read_support_format_cab (*vc_archive_fns.archive_read_support_format_cab)
#define archive_read_support_format_cpio (*vc_archive_fns.archive_read_support_format_cpio)
#define archive_read_support_format_empty (*vc_archive_fns.archive_read_support_format_empty)
#define archive_read_support_format_rar (*vc_archive_fns.archive_read_support_format_rar)
#define archive_read_support_format_rar5 (*vc_archive_fns.archive_read_support_format_rar5)
#define archive_read_support_format_raw (*vc_archive_fns.archive_read_support_format_raw)
#define archive_read_support_format_tar (*vc_archive_fns.archive_read_support_format_tar)
#define archive_read_support_format_xar (*vc_archive_fns.archive_read_support_format_xar)
#define archive_read_support_format_zip (*vc_archive_fns.archive_read_support_format_zip)
#define archive_set_error (*vc_archive_fns.archive_set_error)
#endif

#endif
