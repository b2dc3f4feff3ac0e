// libuv's thread pool runs password hashing (argon2), image work (sharp) and file access. It is
// sized on its first use, so this module is imported first: 8 threads unless UV_THREADPOOL_SIZE
// says otherwise, beside IMAGE_JOBS (2) images at once, so a login never waits behind pictures
// (issue 14 MF2).

process.env.UV_THREADPOOL_SIZE ??= "8";
