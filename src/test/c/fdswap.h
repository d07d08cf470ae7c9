/*
 * A thread that swaps two files onto one fd number as fast as it can, for hostile guests that race
 * the sentry's look at a number against the kernel's own (the write family, rdma_cm): whatever the
 * number names when the sentry looks, the kernel may find the other file.
 */
#ifndef SLUICE_FDSWAP_H
#define SLUICE_FDSWAP_H

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct fd_swap {
	int target; /* the number the race is on (a copy of b at first, at 100 or above) */
	int a, b;   /* the two files dup2'd onto it in turn */
	volatile int stop;
	pthread_t thread;
};

static void *fd_swap_run(void *arg)
{
	struct fd_swap *s = arg;

	while (!s->stop) {
		dup2(s->a, s->target);
		dup2(s->b, s->target);
	}
	return NULL;
}

/* Starts swapping a and b onto a new number, s->target; exits the guest (2) if it cannot. */
static inline void fd_swap_start(struct fd_swap *s, int a, int b)
{
	s->a = a;
	s->b = b;
	s->stop = 0;
	s->target = fcntl(b, F_DUPFD_CLOEXEC, 100);
	if (s->target < 0 || pthread_create(&s->thread, NULL, fd_swap_run, s) != 0) {
		perror("fd_swap_start");
		exit(2);
	}
}

static inline void fd_swap_stop(struct fd_swap *s)
{
	s->stop = 1;
	pthread_join(s->thread, NULL);
}

#endif
