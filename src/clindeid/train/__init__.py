"""clindeid.train"""
