#ifndef COMMONSIGHT_EXCHANGE_H
#define COMMONSIGHT_EXCHANGE_H
/// Swaps two paths atomically (Linux renameat2 with RENAME_EXCHANGE); 0 on success, -1 with errno.
int commonsight_exchange(const char *a, const char *b);
#endif
