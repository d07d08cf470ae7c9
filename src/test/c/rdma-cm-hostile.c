/*
 * sluice-rdma-cm-hostile: a hostile guest of rdma_cm (/dev/infiniband/rdma_cm) under
 * `sluice run --rdma-cm`, whose files the sentry opens and whose commands it executes itself
 * (docs/rdma-drivers.md, "rdma_cm"). One line:
 *
 *   rdma_cm hostile create=E foreign=E efault=E open=E reopen=E race_ok=N race_eacces=N
 *       race_einval=N race_kernel_runs=K
 *
 * create: a plain CREATE_ID (RDMA_PS_TCP) on the file opened by its name: 0, run by the sentry.
 * foreign: DESTROY_ID of an id this file never had: EINVAL (22). efault: CREATE_ID whose response
 * points at unmapped memory: EFAULT (14). open: the node under another name (EACCES 13: the bind
 * mount is nodev). reopen: the file reopened through /proc/self/fd/N (EACCES). race: a thread
 * swaps the rdma_cm fd and a pipe onto one number while CREATE_IDs that the policy refuses (an
 * RDMA_PS_IB id of QP type GSI, which the kernel itself would make) are written there; K counts the
 * writes that succeeded but did not land in the pipe, that is that a kernel ran on the rdma_cm file
 * in the guest's own context: 0 when the file is the sentry's (ib_safe_file_access refuses the
 * guest's own writes, EACCES).
 *
 * Layouts and numbers from rdma/rdma_user_cm.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <rdma/rdma_user_cm.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fdswap.h"

#define NODE	    "/dev/infiniband/rdma_cm"
#define RACE_ROUNDS 2000
#define IB_QPT_GSI  1

struct create_write {
	struct rdma_ucm_cmd_hdr hdr;
	struct rdma_ucm_create_id cmd;
};

struct destroy_write {
	struct rdma_ucm_cmd_hdr hdr;
	struct rdma_ucm_destroy_id cmd;
};

static struct rdma_ucm_create_id_resp resp;

static int create_id(int fd, uint16_t ps, uint8_t qp_type, uint64_t response)
{
	struct create_write w;

	memset(&w, 0, sizeof(w));
	w.hdr.cmd = RDMA_USER_CM_CMD_CREATE_ID;
	w.hdr.in = sizeof(w.cmd);
	w.hdr.out = sizeof(resp);
	w.cmd.uid = 1;
	w.cmd.response = response;
	w.cmd.ps = ps;
	w.cmd.qp_type = qp_type;
	return write(fd, &w, sizeof(w)) == (ssize_t)sizeof(w) ? 0 : errno;
}

static int destroy_id(int fd, uint32_t id)
{
	struct rdma_ucm_destroy_id_resp r;
	struct destroy_write w;

	memset(&w, 0, sizeof(w));
	w.hdr.cmd = RDMA_USER_CM_CMD_DESTROY_ID;
	w.hdr.in = sizeof(w.cmd);
	w.hdr.out = sizeof(r);
	w.cmd.response = (uintptr_t)&r;
	w.cmd.id = id;
	return write(fd, &w, sizeof(w)) == (ssize_t)sizeof(w) ? 0 : errno;
}

static int open_errno(const char *path)
{
	int fd = open(path, O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

int main(void)
{
	long ok = 0, landed = 0, eacces = 0, einval = 0;
	int fd, create, foreign, efault, p[2];
	char link[64], drain[4096];
	struct fd_swap race;

	fd = open(NODE, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		perror("rdma_cm hostile: open " NODE);
		return 2;
	}
	create = create_id(fd, RDMA_PS_TCP, 0, (uintptr_t)&resp);
	foreign = destroy_id(fd, create == 0 ? resp.id + 1000 : 1000);
	efault = create_id(fd, RDMA_PS_TCP, 0, 0x1000);
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	if (pipe2(p, O_NONBLOCK | O_CLOEXEC) < 0) {
		perror("pipe2");
		return 2;
	}
	fd_swap_start(&race, fd, p[1]);
	for (int i = 0; i < RACE_ROUNDS; i++) {
		int e = create_id(race.target, RDMA_PS_IB, IB_QPT_GSI, (uintptr_t)&resp);
		ssize_t n;

		ok += e == 0;
		eacces += e == EACCES;
		einval += e == EINVAL;
		while ((n = read(p[0], drain, sizeof(drain))) > 0)
			landed += n;
	}
	fd_swap_stop(&race);
	printf("rdma_cm hostile create=%d foreign=%d efault=%d open=%d reopen=%d race_ok=%ld race_eacces=%ld "
	       "race_einval=%ld race_kernel_runs=%ld\n",
	       create, foreign, efault, open_errno("/dev/infiniband/./rdma_cm"), open_errno(link), ok, eacces, einval,
	       ok - landed / (long)sizeof(struct create_write));
	return 0;
}
